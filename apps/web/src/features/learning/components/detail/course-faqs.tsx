import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { useCourseFaqs } from '../../api/faqs.api.ts';

/** The course's questions and answers, one open at a time is not enforced: learners compare. */
export function CourseFaqs({ courseId }: { courseId: number }) {
  const faqs = useCourseFaqs(courseId);
  if (faqs.isPending) return <Skeleton height={96} />;
  if (faqs.isError) return <Alert severity="error">{errorMessage(faqs.error)}</Alert>;
  if (faqs.data.results.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No questions have been answered for this course yet.
      </Typography>
    );
  }
  return (
    <div>
      {faqs.data.results.map((faq) => (
        <Accordion
          key={faq.id}
          disableGutters
          variant="outlined"
          sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
        >
          <AccordionSummary
            expandIcon={<ExpandMoreOutlined />}
            aria-controls={`faq-${faq.id}-answer`}
            id={`faq-${faq.id}-question`}
          >
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {faq.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`faq-${faq.id}-answer`}>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {faq.answer}
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}

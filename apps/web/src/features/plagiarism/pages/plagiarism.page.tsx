import Paper from '@mui/material/Paper';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { CheckList } from '../components/check-list.tsx';

/**
 * `/plagiarism` (spec §2, Organization → Plagiarism, staff): the similarity checks of the
 * submissions to the assignments of the courses the caller manages.
 */
export default function PlagiarismPage() {
  return (
    <PageContainer maxWidth={1100}>
      <PageHeader
        title="Plagiarism"
        subtitle="Similarity of assignment submissions with the organisation’s other submissions."
      />
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
        <CheckList />
      </Paper>
    </PageContainer>
  );
}

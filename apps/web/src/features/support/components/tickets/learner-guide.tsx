import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * The short learner guide (spec: learners get it from the support page instead of the user
 * manual): a few sections on the screens a learner uses.
 */
const SECTIONS: { title: string; lines: string[] }[] = [
  {
    title: 'Finding courses',
    lines: [
      'Your dashboard lists the courses and learning paths assigned to you, with what is due first.',
      'Open “Courses” in the menu to browse the catalogue and join the courses open to you.',
    ],
  },
  {
    title: 'Picking up where you left off',
    lines: [
      'Open a course and choose “Resume”: the player returns to the last item you had open.',
      'Your progress is saved as you go; a lost connection keeps what was already saved.',
    ],
  },
  {
    title: 'Certificates',
    lines: [
      'When you complete a course or path that awards one, your certificate appears under “Certificate” in the profile menu, ready to download.',
    ],
  },
  {
    title: 'Who to contact',
    lines: [
      'Questions about what to take or by when: your manager or trainer.',
      'Anything that does not work, or a question about your account: open a ticket here. We answer in the app and by e-mail.',
    ],
  },
];

export function LearnerGuide() {
  return (
    <Box component="article" aria-label="Learner guide">
      {SECTIONS.map((s) => (
        <Box component="section" key={s.title} sx={{ mb: 2 }}>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
            {s.title}
          </Typography>
          {s.lines.map((line) => (
            <Typography key={line} variant="body2" sx={{ mb: 0.5 }}>
              {line}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}

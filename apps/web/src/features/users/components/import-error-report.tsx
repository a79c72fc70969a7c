import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportReport } from '../import-report.ts';

/**
 * Why an import was refused: the headline, then one table line per problem (row, column,
 * message). The file was checked whole and nothing was written, which the alert says plainly.
 */
export function ImportErrorReport({
  report,
  fileName,
}: {
  report: ImportReport;
  fileName: string;
}) {
  const rowProblems = report.rows.flatMap((row) =>
    row.problems.map((problem, index) => ({
      ...problem,
      row: row.row,
      first: index === 0,
      span: row.problems.length,
    })),
  );
  return (
    <Box>
      <Alert severity="error" sx={{ mb: 2 }}>
        <AlertTitle>{report.headline}</AlertTitle>
        {report.rows.length > 0
          ? `No user from ${fileName} was imported. Correct the rows below in your file and upload it again; the whole file is checked each time.`
          : `${fileName} could not be imported.`}
        {report.fileProblems.map((problem) => (
          <Typography key={problem} variant="body2" sx={{ mt: 0.5 }}>
            {problem}
          </Typography>
        ))}
      </Alert>
      {rowProblems.length > 0 && (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Table size="small" aria-label="Rows with errors">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 80 }}>Row</TableCell>
                <TableCell sx={{ width: 120 }}>Column</TableCell>
                <TableCell>Problem</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rowProblems.map((problem) => (
                <TableRow key={`${problem.row}-${problem.column}-${problem.message}`}>
                  {problem.first && (
                    <TableCell
                      component="th"
                      scope="rowgroup"
                      rowSpan={problem.span}
                      sx={{ fontWeight: 600, verticalAlign: 'top' }}
                    >
                      {problem.row}
                    </TableCell>
                  )}
                  <TableCell>
                    <Box component="code" sx={{ fontSize: '0.85em' }}>
                      {problem.column ?? '—'}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{problem.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {report.notes.map((note) => (
        <Typography key={note} variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
          {note}
        </Typography>
      ))}
    </Box>
  );
}

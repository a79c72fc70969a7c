import Box from '@mui/material/Box';
import { type Theme, useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { Dataset } from '../datasets.ts';

export type ChartKind = 'bar' | 'line' | 'ranking' | 'pie';

/** Series colours from the theme, so light and dark (and an organisation's theme) both hold. */
export const seriesColours = (theme: Theme) => [
  theme.palette.primary.main,
  theme.palette.secondary.main,
  theme.palette.success.main,
  theme.palette.warning.main,
  theme.palette.info.main,
  theme.palette.error.main,
];

const BAR_HEIGHT = 40;
const shorten = (s: string, max = 16) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * A dataset drawn as a chart (loaded lazily: the chart library is large). A picture only: it is
 * hidden from assistive technology and out of the tab order, the card's table carries the same
 * numbers. `scale` turns a value into what the axis shows (seconds into hours).
 */
export default function DatasetChart({
  dataset,
  kind,
  scale = (v) => v,
}: {
  dataset: Dataset;
  kind: ChartKind;
  scale?: (value: number) => number;
}) {
  const theme = useTheme();
  const colours = seriesColours(theme);
  const charted = dataset.series.map((s, index) => ({ s, index })).filter(({ s }) => !s.tableOnly);
  const series = charted.map(({ s, index }, i) => ({
    id: s.key,
    label: s.label,
    color: colours[i % colours.length],
    data: dataset.rows.map((r) => {
      const v = r.values[index];
      return v === null || v === undefined ? null : scale(v);
    }),
    // Tooltips show the exact figure in its own unit, not the scaled one.
    valueFormatter: (_v: number | null, { dataIndex }: { dataIndex: number }) =>
      s.format(dataset.rows[dataIndex]?.values[index] ?? null),
  }));
  const labels = dataset.rows.map((r) => r.label);
  const axisLabel = (label: string, location: string) => {
    if (location !== 'tick') return label;
    return dataset.rows.find((r) => r.label === label)?.short ?? shorten(label);
  };

  let chart: React.ReactNode;
  if (kind === 'pie') {
    const first = charted[0];
    chart = (
      <PieChart
        height={240}
        // The chart is a picture (aria-hidden): its table is what keyboards and readers use.
        disableKeyboardNavigation
        series={[
          {
            // Relative: a ring that stays a ring from a phone to a wide card.
            innerRadius: '55%',
            paddingAngle: 1,
            cornerRadius: 4,
            data: dataset.rows.map((r, i) => ({
              id: r.key,
              label: r.label,
              value: r.values[first?.index ?? 0] ?? 0,
              color: r.tone
                ? r.tone === 'grey'
                  ? theme.palette.grey[500]
                  : theme.palette[r.tone].main
                : colours[i % colours.length],
            })),
            valueFormatter: (item) => first?.s.format(item.value) ?? String(item.value),
          },
        ]}
        slotProps={{
          legend: { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } },
        }}
      />
    );
  } else if (kind === 'ranking') {
    chart = (
      <BarChart
        layout="horizontal"
        height={dataset.rows.length * BAR_HEIGHT * Math.max(1, series.length * 0.75) + 72}
        margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
        yAxis={[
          {
            scaleType: 'band',
            data: labels,
            width: 112,
            valueFormatter: (label: string, context) => axisLabel(label, context.location),
          },
        ]}
        xAxis={[{ tickMinStep: 1, tickNumber: 4 }]}
        series={series}
        borderRadius={4}
        disableKeyboardNavigation
      />
    );
  } else {
    const xAxis = [
      {
        scaleType: kind === 'bar' ? ('band' as const) : ('point' as const),
        data: labels,
        valueFormatter: (label: string, context: { location: string }) =>
          axisLabel(label, context.location),
      },
    ];
    const common = {
      height: 260,
      margin: { left: 8, right: 16, top: 16, bottom: 8 },
      xAxis,
      yAxis: [{ width: 48, min: 0, tickMinStep: 1 }],
      disableKeyboardNavigation: true,
    };
    chart =
      kind === 'bar' ? (
        <BarChart {...common} series={series} borderRadius={3} />
      ) : (
        <LineChart
          {...common}
          series={series.map((s) => ({ ...s, showMark: true, curve: 'monotoneX' as const }))}
        />
      );
  }
  return (
    <Box aria-hidden sx={{ width: '100%', minWidth: 0 }}>
      {chart}
    </Box>
  );
}

// Loaded on demand (React.lazy in margin-panel.tsx): uPlot and its stylesheet stay out of the
// admin pages' first JavaScript, as on the landing's price charts.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { ChartData } from '@assay/domain';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 220;
const MONTH = 31 * 86_400;
const COLORS = ['#b8860b', '#1e3a5f', '#15803d', '#b91c1c', '#7c3aed', '#0e7490'];

/** One line per series over months; numbers for drawing only, the table beside has the figures. */
export default function MonthChart({ data, label, unit }: { data: ChartData; label: string; unit: string }) {
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const width = () => Math.max(box.clientWidth, 200);
    const chart = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        // The months are UTC month starts; drawn in the browser's zone, a month would sit on the
        // last day of the one before for anyone west of Greenwich.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        // One month alone would be stretched over years by uPlot's auto range: show a month each side.
        scales: {
          x: {
            time: true,
            ...(data.x.length === 1 ? { range: (): uPlot.Range.MinMax => [data.x[0]! - MONTH, data.x[0]! + MONTH] } : {}),
          },
        },
        axes: [{}, { values: (_u, ticks) => ticks.map((t) => `${t.toLocaleString('en-US')}${unit}`), size: 70 }],
        series: [
          {},
          ...data.series.map((s, i) => ({
            label: s.label,
            stroke: COLORS[i % COLORS.length],
            width: 2,
            points: { show: true, size: 6 },
          })),
        ],
      },
      [[...data.x], ...data.series.map((s) => [...s.values])] as uPlot.AlignedData,
      box,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: HEIGHT }));
    resize.observe(box);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [data, unit]);

  return <div ref={boxRef} role="img" aria-label={label} className="w-full overflow-hidden" />;
}

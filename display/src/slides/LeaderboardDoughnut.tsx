import { Cell, Pie, PieChart, ResponsiveContainer } from 'recharts';
import { LEADERBOARD_OTHERS_LABEL, LEADERBOARD_PLACE_COLORS, type LeaderboardResponse } from '@app/contracts';

const OTHERS_COLOR = '#546E7A';
const EMPTY_COLOR = 'var(--border)';

/** The share of each of the top agents and 'All others' as a doughnut (its own chunk with recharts). */
export default function LeaderboardDoughnut({ board }: { board: Pick<LeaderboardResponse, 'graph' | 'leaderboard_data'> }) {
  const slices = board.graph.filter((slice) => slice.value > 0);
  const colorOf = (label: string, i: number) => {
    if (label === LEADERBOARD_OTHERS_LABEL) return OTHERS_COLOR;
    // The row's own place colour, so the chart and the list agree.
    return (
      board.leaderboard_data.find((row) => row.agent_name === label)?.color ??
      LEADERBOARD_PLACE_COLORS[Math.min(i, LEADERBOARD_PLACE_COLORS.length - 1)]
    );
  };
  const data = slices.length > 0 ? slices : [{ label: '', value: 1 }];
  return (
    <ResponsiveContainer width="100%" height="100%">
      <PieChart>
        <Pie
          data={data}
          dataKey="value"
          nameKey="label"
          innerRadius="64%"
          outerRadius="94%"
          paddingAngle={slices.length > 1 ? 1 : 0}
          stroke="none"
          isAnimationActive={false}
        >
          {data.map((slice, i) => (
            <Cell key={`${slice.label}-${i}`} fill={slices.length > 0 ? colorOf(slice.label, i) : EMPTY_COLOR} />
          ))}
        </Pie>
      </PieChart>
    </ResponsiveContainer>
  );
}

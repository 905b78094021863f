import type { SkillTrend } from '@app/contract';
import { Text, VisuallyHidden } from '@mantine/core';
import { deSkillProfile } from '../../../i18n/de.skillProfile';

const ARROWS: Record<SkillTrend, { arrow: string; color: string }> = {
  up: { arrow: '↑', color: 'teal' },
  down: { arrow: '↓', color: 'red' },
  flat: { arrow: '→', color: 'dimmed' },
};

/** The trend of a skill as an arrow, with its meaning as text for screen readers (and as a tooltip). */
export function SkillTrendMark({ trend }: { trend: SkillTrend | null }) {
  const label = trend ? deSkillProfile.trendLabel[trend] : deSkillProfile.single;
  if (!trend) return <VisuallyHidden>{label}</VisuallyHidden>;
  return (
    <Text component="span" fw={700} c={ARROWS[trend].color} title={label} data-trend={trend}>
      <span aria-hidden="true">{ARROWS[trend].arrow}</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Text>
  );
}

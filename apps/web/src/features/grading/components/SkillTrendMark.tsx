import type { SkillTrend } from '@app/contract';
import { deSkillProfile } from '../../../i18n/de.skillProfile';
import classes from './SkillTrendMark.module.css';

const ARROWS: Record<SkillTrend, { arrow: string; color: string }> = {
  up: { arrow: '↑', color: 'var(--mantine-color-teal-text)' },
  down: { arrow: '↓', color: 'var(--mantine-color-red-text)' },
  flat: { arrow: '→', color: 'var(--mantine-color-dimmed)' },
};

/**
 * The trend of a skill as an arrow, with its meaning as text for screen readers (and as a tooltip). Plain
 * elements in the look of Mantine's bold text: the class page and the student's feedback page (no Mantine
 * there, ADR 034) show it alike.
 */
export function SkillTrendMark({ trend }: { trend: SkillTrend | null }) {
  const label = trend ? deSkillProfile.trendLabel[trend] : deSkillProfile.single;
  if (!trend) return <span className={classes.hidden}>{label}</span>;
  return (
    <span className={classes.mark} style={{ color: ARROWS[trend].color }} title={label} data-trend={trend}>
      <span aria-hidden="true">{ARROWS[trend].arrow}</span>
      <span className={classes.hidden}>{label}</span>
    </span>
  );
}

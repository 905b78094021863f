import type { StudentSkillProfile as Profile } from '@app/contract';
import { deSkillProfile as t } from '../../../../i18n/de.skillProfile';
import { SkillTrendMark } from '../SkillTrendMark';
import classes from './FeedbackLinkPage.module.css';

// The day of a point as the school sees it, on the server that renders the page and on the phone alike.
const day = (iso: string) => new Date(iso).toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin' });

/**
 * The student's own skill profile on their feedback link page (ADR 025): the skills of their class's
 * handed-back tasks with the latest level, the trend and the history. The history is a list in its cell, so
 * the table fits a phone without scrolling sideways (with a wide font it scrolls inside its box, never the
 * page). `null`: it could not be read.
 */
export function StudentSkillProfile({ profile }: { profile: Profile | 'loading' | null }) {
  return (
    <section
      className={classes.profile}
      aria-labelledby="skill-profile"
      data-testid="skill-profile"
      // A keyboard stop of its own, like the class page's profile: it may scroll sideways (below).
      tabIndex={0}
    >
      <div className={classes.stackSm}>
        <h2 className={classes.heading} id="skill-profile">
          {t.studentHeading}
        </h2>
        <p className={classes.label}>{t.studentIntro}</p>
        {profile === 'loading' ? (
          <div className={classes.status} role="status">
            <span className={classes.loader} />
          </div>
        ) : profile === null ? (
          <div className={classes.alert} data-color="red" role="alert">
            {t.loadFailed}
          </div>
        ) : profile.skills.length === 0 ? (
          <p className={`${classes.text} ${classes.dimmed}`}>{t.studentEmpty}</p>
        ) : (
          <table className={classes.table} aria-labelledby="skill-profile">
            <thead>
              <tr>
                <th>{t.skill}</th>
                <th>{t.latest}</th>
                <th>{t.history}</th>
              </tr>
            </thead>
            <tbody>
              {profile.skills.map((skill) => {
                const latest = skill.points[skill.points.length - 1]!;
                return (
                  <tr key={skill.key} data-skill={skill.name}>
                    <th scope="row" className={classes.semibold}>
                      {skill.name}
                    </th>
                    <td className={classes.nowrap}>
                      {t.score(latest.score, latest.max_score)} <SkillTrendMark trend={skill.trend} />
                    </td>
                    <td>
                      <ul className={classes.plainList}>
                        {skill.points.map((p) => (
                          <li
                            key={p.task_id}
                            title={t.point(p.task_title, day(p.date), p.score, p.max_score)}
                          >
                            <div className={classes.item}>
                              <span>
                                {p.task_title}:{' '}
                                <span className={classes.nowrap}>{t.score(p.score, p.max_score)}</span>
                              </span>
                            </div>
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

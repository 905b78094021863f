import type {
  FeedbackLinkGroup,
  FeedbackLinkPageData,
  FeedbackLinkResponse,
  StudentSkillProfile as Profile,
} from '@app/contract';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
// The student's page loads its own small strings modules, not the whole catalog (ADR 010).
import { deGrading } from '../../../../i18n/de.grading';
import { deShell } from '../../../../i18n/de.shell';
import { ApiError } from '../../../../lib/api';
import { serverRetries, subscribeServerRetries } from '../../../../lib/serverRetry';
import { usePageTitle } from '../../../../lib/usePageTitle';
import { ContentView } from '../../../editor';
import { fetchFeedbackLink, fetchFeedbackLinkSkillProfile } from '../../feedbackLinkQueries';
import classes from './FeedbackLinkPage.module.css';
import { HandedInFiles } from './HandedInFiles';
import { StudentSkillProfile } from './StudentSkillProfile';

const t = deGrading.feedbackLink;

/** What the page shows: the server's data (ADR 034), or what the page asked the API for itself. */
export type FeedbackLinkView =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'not-found'; message: string }
  | { state: 'ready'; link: FeedbackLinkResponse; profile: Profile | 'loading' | null };

export const viewOf = (data: FeedbackLinkPageData): FeedbackLinkView =>
  'notFound' in data
    ? { state: 'not-found', message: data.notFound }
    : { state: 'ready', link: data.link, profile: data.profile };

/** The document title of a view, on the server (`<title>`) as on the phone. */
export const titleOf = (view: FeedbackLinkView) =>
  view.state === 'ready' ? t.documentTitle(view.link.task.title) : t.title;

/**
 * `/feedback/{token}` (no sign-in; ADR 010): the student's handed-back work with the teacher's scores and
 * texts, read-only, as an entry of its own without router, query client and Mantine (ADR 034). The server
 * renders it with its data (`initial`) and the script hydrates that markup; without it (development, a server
 * that could not read the database) the page asks the API itself.
 */
export function FeedbackLinkApp({ token, initial }: { token: string; initial?: FeedbackLinkPageData }) {
  const [view, setView] = useState<FeedbackLinkView>(() =>
    initial ? viewOf(initial) : { state: 'loading' },
  );
  // Requests waiting to be sent again while the server is unavailable (lib/api.ts retryingOutages).
  const retrying = useSyncExternalStore(
    subscribeServerRetries,
    () => serverRetries() > 0,
    () => false,
  );
  usePageTitle(titleOf(view));

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchFeedbackLink(token, signal).then(
        async (link) => {
          setView({ state: 'ready', link, profile: 'loading' });
          const profile = await fetchFeedbackLinkSkillProfile(token, signal).catch(() => null);
          if (!signal?.aborted) setView({ state: 'ready', link, profile });
        },
        (error: unknown) => {
          if (signal?.aborted) return;
          setView(
            error instanceof ApiError && error.status === 404
              ? { state: 'not-found', message: error.message }
              : { state: 'failed' },
          );
        },
      ),
    [token],
  );
  useEffect(() => {
    if (initial) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [initial, load]);

  return (
    <>
      <header className={classes.header}>
        <p className={`${classes.text} ${classes.bold}`}>{deShell.app.name}</p>
      </header>
      <div role="status" aria-live="polite" className={classes.retryRegion}>
        {retrying && <p data-testid="server-retry">{deShell.api.retrying}</p>}
      </div>
      <main className={classes.main}>
        <FeedbackLinkPage
          token={token}
          view={view}
          onRetry={() => {
            setView({ state: 'loading' });
            void load();
          }}
        />
      </main>
    </>
  );
}

/** The page's content for one view. */
export function FeedbackLinkPage({
  token,
  view,
  onRetry,
}: {
  token: string;
  view: FeedbackLinkView;
  onRetry: () => void;
}) {
  if (view.state === 'loading') {
    return (
      <div className={classes.status} role="status">
        <span className={classes.loader} />
        <p className={classes.text}>{t.loading}</p>
      </div>
    );
  }
  if (view.state !== 'ready') {
    const notFound = view.state === 'not-found';
    return (
      <div className={classes.stackMd}>
        <h1 className={classes.title}>{notFound ? t.notFoundTitle : t.title}</h1>
        <div className={classes.alert} data-color={notFound ? 'yellow' : 'red'} role="alert">
          {notFound ? view.message : t.loadFailed}
        </div>
        {!notFound && (
          <div>
            <button type="button" className={classes.button} onClick={onRetry}>
              {t.retry}
            </button>
          </div>
        )}
      </div>
    );
  }

  const { link, profile } = view;
  return (
    <div className={classes.stack}>
      <div className={classes.intro}>
        <h1 className={classes.title}>{t.greeting(link.student.first_name)}</h1>
        <p className={classes.text}>{t.intro}</p>
      </div>

      <section className={classes.paper} aria-label={t.task}>
        <p className={classes.label}>{t.task}</p>
        <h2 className={classes.heading}>{link.task.title}</h2>
        {link.task.description ? (
          <p className={`${classes.text} ${classes.description}`}>{link.task.description}</p>
        ) : null}
        {link.task.data ? <ContentView data={link.task.data} /> : null}
      </section>

      <div className={classes.paper} data-testid="link-total">
        <div className={classes.row}>
          <p className={`${classes.text} ${classes.bold}`}>{t.total}</p>
          <p className={`${classes.text} ${classes.bold}`}>{t.score(link.score, link.max_score)}</p>
        </div>
      </div>

      {link.groups.map((group) => (
        <GroupFeedback key={group.group_id} group={group} />
      ))}

      <StudentSkillProfile profile={profile} />

      <section aria-label={t.files}>
        <h2 className={`${classes.heading} ${classes.filesHeading}`}>{t.files}</h2>
        <HandedInFiles token={token} files={link.files} />
      </section>
    </div>
  );
}

function GroupFeedback({ group }: { group: FeedbackLinkGroup }) {
  return (
    <section className={classes.paper} aria-label={group.group_name}>
      <div className={classes.stackSm}>
        <div className={classes.rowBaseline}>
          <h2 className={classes.groupHeading}>{group.group_name}</h2>
          <p className={`${classes.text} ${classes.bold}`}>{t.score(group.score, group.max_score)}</p>
        </div>
        {group.group_feedback ? (
          <p className={`${classes.text} ${classes.preWrap}`}>{group.group_feedback}</p>
        ) : null}
        {group.skills.map((skill) => (
          <div key={skill.skill_id} className={classes.skill}>
            <div className={classes.rowNowrap}>
              <p className={`${classes.text} ${classes.semibold}`}>{skill.name}</p>
              <div className={classes.badge} data-unscored={skill.score < 0 || undefined}>
                <span className={classes.badgeLabel}>
                  {skill.score < 0 ? t.unscored : deGrading.of(skill.score, skill.maxScore)}
                </span>
              </div>
            </div>
            {skill.level ? (
              <p className={classes.small}>
                <strong>{t.level}:</strong> {skill.level}
              </p>
            ) : null}
            {skill.reason ? (
              <p className={classes.small}>
                <strong>{deGrading.skill.reason}:</strong> {skill.reason}
              </p>
            ) : null}
            {skill.proof.length > 0 ? (
              <ul className={classes.list}>
                {skill.proof.map((quote, i) => (
                  <li key={i}>
                    <div className={classes.item}>
                      <span>„{quote}“</span>
                    </div>
                  </li>
                ))}
              </ul>
            ) : null}
            {skill.recommendation ? (
              <p className={classes.small}>
                <strong>{deGrading.skill.recommendation}:</strong> {skill.recommendation}
              </p>
            ) : null}
          </div>
        ))}
      </div>
    </section>
  );
}

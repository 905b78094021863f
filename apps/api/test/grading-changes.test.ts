import {
  errorMessages,
  ZFeedbackLinkResponse,
  ZGradingResponse,
  ZListSubmissionsResponse,
  ZReleaseFeedbackResponse,
  ZSetSkillTextsResponse,
  type FeedbackLinkSkill,
} from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillDetails, skillFeedback, skillGroupFeedback, submissions } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { classroom, type Classroom } from './helpers/classroom';
import { drivers } from './helpers/database';
import { errorOf, signIn, type SignedIn } from './helpers/tokens';

// What the student's link shows after the teacher changed the AI's grading: the AI's reasons only while
// they fit the score (or the teacher keeps them), the teacher's own texts, and — once handed back — the
// version that was handed back until the teacher hands back again.

describe.each(drivers)('Grading changes and the student’s link on %s', (driver) => {
  let t: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  let room: Classroom;
  /** Rubric of the classroom helper: Ansatz (max 3), Ergebnis (max 2) | Lesbarkeit (max 4). */
  let skill: { ansatz: string; ergebnis: string; lesbarkeit: string };
  let groupA: string;

  beforeAll(async () => {
    t = await createTestApp({ driver, env: { PUBLIC_URL: 'https://schule.example' } });
    owner = await signIn(t.app);
    other = await signIn(t.app);
    room = await classroom(t.app, owner, { students: 4, title: 'Hebelgesetz' });
    const [ansatz, ergebnis, lesbarkeit] = room.skillIds as [string, string, string];
    skill = { ansatz, ergebnis, lesbarkeit };
    groupA = room.groups[0]!.id;
  });
  afterAll(() => t?.close());

  /** What the AI's correction job leaves: suggestion rows with the AI's texts, status korrigiert. */
  async function aiSuggests(submissionId: string) {
    await t.app.db.insert(skillFeedback).values([
      {
        skill_id: skill.ansatz,
        submission_id: submissionId,
        score: 1,
        ai_score: 1,
        reason: 'KI: Ansatz richtig, Rechnung fehlt',
        ai_reason: 'KI: Ansatz richtig, Rechnung fehlt',
        proof: ['F = m·g'],
        recommendation: 'KI: Rechnung zu Ende führen',
        ai_recommendation: 'KI: Rechnung zu Ende führen',
        created_by: owner.id,
      },
      {
        skill_id: skill.lesbarkeit,
        submission_id: submissionId,
        score: 3,
        ai_score: 3,
        reason: 'KI: gut lesbar',
        ai_reason: 'KI: gut lesbar',
        proof: [],
        recommendation: '',
        ai_recommendation: '',
        created_by: owner.id,
      },
    ]);
    await t.app.db.insert(skillGroupFeedback).values({
      skillGroup_id: groupA,
      submission_id: submissionId,
      feedback: 'KI: Gute Idee.',
      ai_feedback: 'KI: Gute Idee.',
      created_by: owner.id,
    });
    await t.app.db.update(submissions).set({ status: 'korrigiert' }).where(eq(submissions.id, submissionId));
  }

  const grading = async (submissionId: string) =>
    ZGradingResponse.parse((await owner.call('GET', `/api/feedback/${submissionId}`)).json());
  const listEntry = async (submissionId: string) =>
    ZListSubmissionsResponse.parse(
      (await owner.call('GET', `/api/submissions/getAll?taskId=${room.task.id}`)).json(),
    ).data.find((e) => e.id === submissionId)!;
  const score = (submissionId: string, skillId: string, value: number) =>
    owner.call('PUT', `/api/feedback/${submissionId}/skills/${skillId}`, { score: value });
  const texts = (submissionId: string, skillId: string, body: object, who: SignedIn = owner) =>
    who.call('PUT', `/api/feedback/${submissionId}/skills/${skillId}/texts`, body);
  const release = async (submissionId: string) => {
    // Partly graded on purpose: handing back confirms the unscored skills.
    const res = await owner.call('POST', `/api/feedback/${submissionId}/release`, { allowUnscored: true });
    expect(res.statusCode).toBe(200);
    return ZReleaseFeedbackResponse.parse(res.json()).released[0]!.feedback_url;
  };
  const link = async (url: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/feedback-link/${url.split('/feedback/')[1]!}`,
    });
    expect(res.statusCode).toBe(200);
    return ZFeedbackLinkResponse.parse(res.json());
  };
  const linkSkill = (body: { groups: Array<{ skills: FeedbackLinkSkill[] }> }, skillId: string) =>
    body.groups.flatMap((g) => g.skills).find((s) => s.skill_id === skillId)!;

  describe('the AI’s reasons after the teacher changed a score', () => {
    it('hides the AI’s reason, evidence and recommendation for a changed score; a kept score keeps them', async () => {
      const id = room.submissionIds[0]!;
      await aiSuggests(id);
      expect((await score(id, skill.ansatz, 2)).statusCode).toBe(200);
      const body = await link(await release(id));
      expect(linkSkill(body, skill.ansatz)).toMatchObject({
        score: 2,
        reason: '',
        proof: [],
        recommendation: '',
      });
      // Lesbarkeit still has the AI's score: its reason fits and stays.
      expect(linkSkill(body, skill.lesbarkeit)).toMatchObject({ score: 3, reason: 'KI: gut lesbar' });

      // The teacher still sees the AI's original beside the new score.
      const view = await grading(id);
      const ansatz = view.groups[0]!.skills[0]!.feedback;
      expect(ansatz).toMatchObject({
        score: 2,
        ai_score: 1,
        ai_reason: 'KI: Ansatz richtig, Rechnung fehlt',
        ai_recommendation: 'KI: Rechnung zu Ende führen',
        ai_texts_kept: false,
        texts_edited_at: null,
      });
    });

    it('shows the AI’s texts again when the teacher keeps them explicitly, until the score changes again', async () => {
      const id = room.submissionIds[0]!;
      const keep = await texts(id, skill.ansatz, { keep_ai_texts: true });
      expect(keep.statusCode).toBe(200);
      expect(ZSetSkillTextsResponse.parse(keep.json())).toMatchObject({
        score: 2,
        reason: 'KI: Ansatz richtig, Rechnung fehlt',
        ai_texts_kept: true,
      });
      expect(linkSkill(await link(await release(id)), skill.ansatz)).toMatchObject({
        score: 2,
        reason: 'KI: Ansatz richtig, Rechnung fehlt',
        proof: ['F = m·g'],
        recommendation: 'KI: Rechnung zu Ende führen',
      });
      // Kept for that score only: another change hides them again.
      await score(id, skill.ansatz, 3);
      expect((await grading(id)).groups[0]!.skills[0]!.feedback.ai_texts_kept).toBe(false);
      expect(linkSkill(await link(await release(id)), skill.ansatz)).toMatchObject({ score: 3, reason: '' });
      // Taking the choice back works too.
      await texts(id, skill.ansatz, { keep_ai_texts: true });
      const off = ZSetSkillTextsResponse.parse(
        (await texts(id, skill.ansatz, { keep_ai_texts: false })).json(),
      );
      expect(off.ai_texts_kept).toBe(false);
      expect(linkSkill(await link(await release(id)), skill.ansatz).reason).toBe('');
    });

    it('lets the teacher write or remove a skill’s reason and recommendation, the AI’s original beside it', async () => {
      const id = room.submissionIds[0]!;
      const own = await texts(id, skill.ansatz, {
        reason: 'Ansatz und Rechnung stimmen.',
        recommendation: 'Einheiten nicht vergessen.',
      });
      expect(own.statusCode).toBe(200);
      const saved = ZSetSkillTextsResponse.parse(own.json());
      expect(saved).toMatchObject({
        reason: 'Ansatz und Rechnung stimmen.',
        recommendation: 'Einheiten nicht vergessen.',
        ai_reason: 'KI: Ansatz richtig, Rechnung fehlt',
        ai_recommendation: 'KI: Rechnung zu Ende führen',
        score: 3,
        ai_score: 1,
      });
      expect(saved.texts_edited_at).not.toBeNull();
      expect(linkSkill(await link(await release(id)), skill.ansatz)).toMatchObject({
        reason: 'Ansatz und Rechnung stimmen.',
        recommendation: 'Einheiten nicht vergessen.',
        // The AI's evidence was for its own score.
        proof: [],
      });

      // Removing: the student sees no reason, the AI's original stays for the teacher.
      await texts(id, skill.lesbarkeit, { reason: '', recommendation: '' });
      expect(linkSkill(await link(await release(id)), skill.lesbarkeit)).toMatchObject({
        score: 3,
        reason: '',
        recommendation: '',
      });
      expect((await grading(id)).groups[1]!.skills[0]!.feedback).toMatchObject({
        reason: '',
        ai_reason: 'KI: gut lesbar',
      });

      // Back to the AI's texts.
      const restored = ZSetSkillTextsResponse.parse(
        (await texts(id, skill.lesbarkeit, { keep_ai_texts: true })).json(),
      );
      expect(restored).toMatchObject({ reason: 'KI: gut lesbar', texts_edited_at: null });
    });

    it('writes the teacher’s texts on a skill not scored yet', async () => {
      const id = room.submissionIds[0]!;
      const res = await texts(id, skill.ergebnis, { reason: 'Ergebnis fehlt.', recommendation: '' });
      expect(res.statusCode).toBe(200);
      expect(ZSetSkillTextsResponse.parse(res.json())).toMatchObject({
        score: -1,
        ai_score: null,
        reason: 'Ergebnis fehlt.',
      });
    });

    it('refuses bad input with a clear German 4xx', async () => {
      const id = room.submissionIds[0]!;
      for (const body of [
        {},
        { reason: 'nur eins' },
        { reason: 'a', recommendation: 'b', keep_ai_texts: true },
        { keep_ai_texts: 'ja' },
        { reason: 'x'.repeat(10_001), recommendation: '' },
      ]) {
        const res = await texts(id, skill.ansatz, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
        expect(errorOf(res.json()).code).toBe('VALIDATION_FAILED');
      }
      // Nothing of the AI's to keep on a skill the AI did not grade.
      const nothing = await texts(room.submissionIds[1]!, skill.ansatz, { keep_ai_texts: true });
      expect(nothing.statusCode).toBe(409);
      expect(errorOf(nothing.json())).toMatchObject({
        code: 'FEEDBACK_NO_AI_TEXTS',
        message: errorMessages.FEEDBACK_NO_AI_TEXTS,
      });
      // A skill of no rubric of this task; another teacher.
      const foreign = await texts(id, room.task.id, { reason: 'x', recommendation: '' });
      expect(foreign.statusCode).toBe(404);
      const stranger = await texts(id, skill.ansatz, { reason: 'fremd', recommendation: '' }, other);
      expect(stranger.statusCode).toBe(404);
      expect((await grading(id)).groups[0]!.skills[0]!.feedback.reason).toBe('Ansatz und Rechnung stimmen.');
    });
  });

  describe('changes after the hand-back', () => {
    it('keeps showing the handed-back version until the teacher hands back again', async () => {
      const id = room.submissionIds[2]!;
      await aiSuggests(id);
      const url = await release(id);
      const before = await link(url);
      expect(before).toMatchObject({ score: 4 });
      expect((await grading(id)).submission).toMatchObject({
        status: 'ausgeteilt',
        changed_since_release: false,
      });
      expect((await listEntry(id)).changed_since_release).toBe(false);

      // The teacher changes a score, a group text and removes a skill's grading after the hand-back.
      await score(id, skill.ansatz, 3);
      await owner.call('PUT', `/api/feedback/${id}/groups/${groupA}`, { feedback: 'Neu geschrieben' });
      await owner.call('DELETE', `/api/feedback/${id}/skills/${skill.lesbarkeit}`);
      const silent = await link(url);
      expect(silent).toEqual(before);
      expect(linkSkill(silent, skill.ansatz).score).toBe(1);
      expect(silent.groups[0]!.group_feedback).toBe('KI: Gute Idee.');

      // The teacher sees it: still ausgeteilt, changed since the hand-back, in the view and in the list.
      const view = await grading(id);
      expect(view.submission).toMatchObject({
        status: 'ausgeteilt',
        display_status: 'ausgeteilt',
        changed_since_release: true,
      });
      expect(view.submission.released_at).not.toBeNull();
      expect(await listEntry(id)).toMatchObject({
        display_status: 'ausgeteilt',
        changed_since_release: true,
      });

      // Handing back again publishes the new version.
      expect(await release(id)).toBe(url);
      const after = await link(url);
      expect(after).toMatchObject({ score: 3 });
      expect(linkSkill(after, skill.ansatz).score).toBe(3);
      expect(after.groups[0]!.group_feedback).toBe('Neu geschrieben');
      expect((await grading(id)).submission.changed_since_release).toBe(false);
      expect((await listEntry(id)).changed_since_release).toBe(false);
    });

    it('counts a change taken back as no change, and a changed rubric level as one', async () => {
      const id = room.submissionIds[2]!;
      const url = (await grading(id)).submission.feedback_url!;
      await score(id, skill.ansatz, 2);
      expect((await grading(id)).submission.changed_since_release).toBe(true);
      await score(id, skill.ansatz, 3);
      expect((await grading(id)).submission.changed_since_release).toBe(false);

      // The descriptor the student sees for their level is part of what was handed back.
      await t.app.db
        .update(skillDetails)
        .set({ value: 'Ansatz: vollständig und begründet' })
        .where(and(eq(skillDetails.skill_id, skill.ansatz), eq(skillDetails.score, 3)));
      expect(linkSkill(await link(url), skill.ansatz).level).toBe('Ansatz: Stufe 3');
      expect((await listEntry(id)).changed_since_release).toBe(true);
    });

    it('hands back again for the whole task, and only handed-back submissions can be changed since', async () => {
      const id = room.submissionIds[2]!;
      const fresh = room.submissionIds[3]!;
      await aiSuggests(fresh);
      expect((await listEntry(fresh)).changed_since_release).toBe(false);
      // The whole task leaves out submissions with unscored skills: score the rest of these two first.
      for (const submissionId of [id, fresh])
        for (const group of (await grading(submissionId)).groups)
          for (const { skill: s, feedback } of group.skills)
            if (feedback.score < 0) await score(submissionId, s.id, 0);
      const res = await owner.call('POST', `/api/feedback/tasks/${room.task.id}/release`);
      expect(res.statusCode).toBe(200);
      expect(ZReleaseFeedbackResponse.parse(res.json()).released.map((r) => r.submission_id)).toEqual(
        expect.arrayContaining([id, fresh]),
      );
      expect((await listEntry(id)).changed_since_release).toBe(false);
      const url = (await grading(id)).submission.feedback_url!;
      expect(linkSkill(await link(url), skill.ansatz).level).toBe('Ansatz: vollständig und begründet');
      expect(await link((await grading(fresh)).submission.feedback_url!)).toMatchObject({ score: 4 });
    });

    it('takes the link offline on reset; handed back again it shows the new grading', async () => {
      const id = room.submissionIds[2]!;
      const url = (await grading(id)).submission.feedback_url!;
      expect((await owner.call('POST', `/api/feedback/${id}/reset`)).statusCode).toBe(200);
      const gone = await t.app.inject({
        method: 'GET',
        url: `/api/feedback-link/${url.split('/feedback/')[1]!}`,
      });
      expect(gone.statusCode).toBe(404);
      expect((await grading(id)).submission).toMatchObject({
        changed_since_release: false,
        released_at: null,
      });
      await score(id, skill.ergebnis, 2);
      expect(await release(id)).toBe(url);
      const body = await link(url);
      expect(body).toMatchObject({ score: 2 });
      expect(linkSkill(body, skill.ansatz).score).toBe(-1);
    });
  });
});

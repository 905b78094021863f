import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { renderApp } from '../../../test/renderApp';
import { createTeacherApi, makeClass, makeSubject, makeTask } from '../../../test/teacherApi';
import { installRubricApi, makeRubricGroup } from '../test/rubricApi';

function setup() {
  const subject = makeSubject();
  const cls = makeClass({ subject_id: subject.id });
  const task = makeTask({ class_id: cls.id, title: 'Bruchrechnung' });
  const other = makeTask({ class_id: cls.id, title: 'Prozente' });
  const api = createTeacherApi({ subjects: [subject], classes: [cls], tasks: [task, other] });
  installRubricApi(api, {
    rubrics: {
      [task.id]: [makeRubricGroup('Rechnen', [{ name: 'Kürzen', maxScore: 1, levels: { 0: 'nein' } }])],
    },
  });
  api.install();
  return { task };
}

async function pickTask(title: string) {
  const user = userEvent.setup({ delay: null });
  const picker = await screen.findByRole('textbox', { name: de.rubrics.dev.taskPicker });
  await waitFor(() =>
    expect((picker as HTMLInputElement).placeholder).toBe(de.rubrics.dev.taskPickerPlaceholder),
  );
  await user.type(picker, title.slice(0, 4));
  await user.keyboard('{ArrowDown}{Enter}');
  await waitFor(() => expect((picker as HTMLInputElement).value).toBe(title));
}

describe('The developer pages of the rubric', { timeout: 20_000 }, () => {
  it('/dev/skillEditor edits the rubric of the task picked', async () => {
    setup();
    await renderApp('/dev/skillEditor', { signedInAs: 'organization_member' });
    expect(await screen.findByText(de.rubrics.dev.pickTask)).toBeTruthy();
    await pickTask('Bruchrechnung');
    const state = await screen.findByTestId('rubric-state');
    expect(within(state).getByText(de.rubrics.missingOf('Kürzen', [1]))).toBeTruthy();
    expect(screen.getByRole('table', { name: de.rubrics.skill.levels('Kürzen') })).toBeTruthy();
  });

  it('/dev/competenceGenerationStep shows the step for the task picked', async () => {
    setup();
    await renderApp('/dev/competenceGenerationStep', { signedInAs: 'organization_member' });
    await pickTask('Prozente');
    // The test server has no AI provider configured: the step says so in German.
    expect(await screen.findByText(de.rubrics.generation.notConfigured)).toBeTruthy();
  });
});

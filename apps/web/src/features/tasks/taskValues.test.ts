import { describe, expect, it } from 'vitest';
import { toGermanInputValue } from '../../lib/dates';
import { makeTask } from '../../test/teacherApi';
import { createTaskRequest, newTaskValues, taskFormValues, updateTaskRequest } from './taskValues';

describe('the task form values', () => {
  it('start empty, with the known class or the only one preselected', () => {
    expect(newTaskValues([{ id: 'a' }, { id: 'b' }], 'b').class_id).toBe('b');
    expect(newTaskValues([{ id: 'a' }], 'unbekannt').class_id).toBe('a');
    expect(newTaskValues([{ id: 'a' }, { id: 'b' }]).class_id).toBe('');
    expect(newTaskValues([])).toEqual({
      title: '',
      class_id: '',
      due: '',
      allow_late_submissions: false,
      feedback_template: '',
      data: null,
    });
  });

  it('go to the API the same way for creating and editing, the class only when creating', () => {
    const values = {
      ...newTaskValues([{ id: 'k1' }]),
      title: 'Brüche',
      due: '29.11.2026, 14:30',
      allow_late_submissions: true,
      feedback_template: '  ',
    };
    const created = createTaskRequest(values);
    expect(created).toEqual({
      title: 'Brüche',
      class_id: 'k1',
      due_date: new Date(2026, 10, 29, 14, 30).toISOString(),
      allow_late_submissions: true,
      feedback_template: null,
      data: null,
    });
    const { class_id: _classId, ...changes } = created;
    expect(updateTaskRequest(values)).toEqual(changes);
    // Without a due date, no late submissions either.
    expect(createTaskRequest({ ...values, due: '' })).toMatchObject({
      due_date: null,
      allow_late_submissions: false,
    });
  });

  it('show a task in its edit form as it was saved', () => {
    const task = makeTask({
      title: 'Brüche',
      due_date: '2026-11-29T13:30:00.000Z',
      allow_late_submissions: true,
      feedback_template: 'Gut gemacht',
    });
    const values = taskFormValues(task);
    expect(values).toMatchObject({
      title: 'Brüche',
      class_id: task.class_id,
      due: toGermanInputValue(task.due_date),
    });
    expect(updateTaskRequest(values)).toEqual({
      title: 'Brüche',
      due_date: task.due_date,
      allow_late_submissions: true,
      feedback_template: 'Gut gemacht',
      data: null,
    });
    expect(taskFormValues({ ...task, feedback_template: null }).feedback_template).toBe('');
  });
});

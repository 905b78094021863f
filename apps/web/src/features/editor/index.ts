// Task content helpers, the read-only view of a task's content without the editor (students' pages, the task
// page) and the editor's playground page. Other pages load the editor itself (tiptap, KaTeX) through lazy.tsx.
export { ContentView } from './components/ContentView';
export { EditorPlayground } from './components/EditorPlayground';
export { isEmptyTaskData, isTaskDataTooLarge } from './document';
export { KATEX_OPTIONS } from './katex';
export { SAMPLE_TASK_DATA } from './sample';

// Task content helpers and the editor's playground page. Other pages load the editor itself (tiptap,
// KaTeX) through lazy.tsx.
export { EditorPlayground } from './components/EditorPlayground';
export { isEmptyTaskData, isTaskDataTooLarge } from './document';
export { KATEX_OPTIONS } from './katex';
export { SAMPLE_TASK_DATA } from './sample';

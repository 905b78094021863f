// The rubric section of the task page and the development pages of its editor.
export { DevCompetenceGenerationPage, DevSkillEditorPage } from './components/DevRubricPages';
export { RubricSection } from './components/RubricSection';

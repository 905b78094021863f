// Rubrics: a task's skill groups → skills → levels, the criteria and clusters they are written from, and
// their generation by the AI.
export { aiTaskContext, type AiTaskContext } from './ai-context';
export { createCluster, deleteCluster, listClusters, updateCluster } from './clusters';
export { createCriterion, deleteCriterion, listCriteria, updateCriterion } from './criteria';
export { generateRubric, proposeSkills, saveRubricGroups, type NewRubricGroup } from './generation';
export {
  createSkillGroup,
  deleteSkillGroup,
  getSkillGroup,
  listSkillGroups,
  updateSkillGroup,
} from './groups';
export { createSkillDetail, deleteSkillDetail, listSkillDetails, updateSkillDetail } from './levels';
export { getRubric, loadRubric, rubricOfTask } from './rubric';
export { createSkill, deleteSkill, reorderSkills, updateSkill } from './skills';
export { linkSkillGroup, reorderTaskGroups, unlinkSkillGroup } from './task-links';
export {
  createRubricTemplate,
  deleteRubricTemplate,
  getRubricTemplate,
  listRubricTemplates,
  updateRubricTemplate,
  useRubricTemplate,
} from './templates';

import {
  ZCluster,
  ZCreateClusterRequest,
  ZCreateCriterionRequest,
  ZCreateSkillDetailRequest,
  ZCreateSkillGroupRequest,
  ZCreateSkillRequest,
  ZDeletedResponse,
  ZGenerateSkillsRequest,
  ZGenerateSkillsResponse,
  ZIdParams,
  ZLinkSkillGroupRequest,
  ZListClustersResponse,
  ZListCriteriaRequest,
  ZListCriteriaResponse,
  ZListSkillDetailsRequest,
  ZListSkillDetailsResponse,
  ZListSkillGroupsResponse,
  ZRawSourceCriterion,
  ZReorderRequest,
  ZSaveGeneratedRubricRequest,
  ZRubricSkill,
  ZSkillDetail,
  ZSkillGroupResponse,
  ZTaskGroupParams,
  ZTaskIdParams,
  ZTaskRubric,
  ZUpdateClusterRequest,
  ZUpdateCriterionRequest,
  ZUpdateSkillDetailRequest,
  ZUpdateSkillGroupRequest,
  ZUpdateSkillRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserId } from '../../../lib/current-user';
import { mapValidationErrors } from '../../../lib/validation-errors';
import { generateRubric, proposeSkills, requireAi } from './generation';
import * as rubric from './service';

/**
 * The rubric resources (DESIGN §6): `/api/skill-groups`, `/api/skills`, `/api/skill-details`, `/api/criteria`,
 * `/api/clusters` and a task's rubric under `/api/tasks/:taskId/…`. Only the caller's own rows; anything
 * else answers the resource's 404.
 */
const rubricRoutes: FastifyPluginAsyncZod = async (app) => {
  mapValidationErrors(app, ['NAME_REQUIRED', 'TASK_ID_MISSING']);
  const deleted = { 200: ZDeletedResponse };

  // ---- a task's rubric ----
  {
    const tags = ['rubrics'];
    app.get(
      '/api/tasks/:taskId/rubric',
      {
        schema: {
          tags,
          summary: 'The task’s rubric: groups → skills → details (by score), in order',
          params: ZTaskIdParams,
          response: { 200: ZTaskRubric },
        },
      },
      (request) => rubric.getRubric(app.db, currentUserId(request), request.params.taskId),
    );
    app.post(
      '/api/tasks/:taskId/skill-groups',
      {
        schema: {
          tags,
          summary: 'Reuse one of the caller’s skill groups in this task (appended)',
          params: ZTaskIdParams,
          body: ZLinkSkillGroupRequest,
          response: { 200: ZTaskRubric },
        },
      },
      (request) =>
        rubric.linkSkillGroup(
          app.db,
          currentUserId(request),
          request.params.taskId,
          request.body.skillGroup_id,
        ),
    );
    app.delete(
      '/api/tasks/:taskId/skill-groups/:groupId',
      {
        schema: {
          tags,
          summary: 'Take a group out of the task’s rubric; a group no task uses any more is deleted',
          params: ZTaskGroupParams,
          response: { 200: ZTaskRubric },
        },
      },
      (request) =>
        rubric.unlinkSkillGroup(
          app.db,
          currentUserId(request),
          request.params.taskId,
          request.params.groupId,
        ),
    );
    app.put(
      '/api/tasks/:taskId/skill-groups/order',
      {
        schema: {
          tags,
          summary: 'Order the task’s groups (exactly its group ids, first to last)',
          params: ZTaskIdParams,
          body: ZReorderRequest,
          response: { 200: ZTaskRubric },
        },
      },
      (request) =>
        rubric.reorderTaskGroups(app.db, currentUserId(request), request.params.taskId, request.body.ids),
    );
  }

  // ---- skill generation (spec §4; 503 AI_NOT_CONFIGURED when AI_PROVIDER=none) ----
  {
    const tags = ['rubrics'];
    app.post(
      '/api/tasks/:taskId/rubric/generate/skills',
      {
        schema: {
          tags,
          summary: 'Propose skill groups and skills for the task (AI get_skills); stores nothing',
          params: ZTaskIdParams,
          body: ZGenerateSkillsRequest,
          response: { 200: ZGenerateSkillsResponse },
        },
      },
      (request) =>
        proposeSkills(
          app.db,
          requireAi(app.ai),
          currentUserId(request),
          request.params.taskId,
          request.body.cluster_ids,
        ),
    );
    app.post(
      '/api/tasks/:taskId/rubric/generate/levels',
      {
        schema: {
          tags,
          summary:
            'Generate the levels of the edited skills (AI get_skill_levels) and save the rubric; replace (default) removes the task’s groups first',
          params: ZTaskIdParams,
          body: ZSaveGeneratedRubricRequest,
          response: { 200: ZTaskRubric },
        },
      },
      (request) =>
        generateRubric(
          app.db,
          requireAi(app.ai),
          currentUserId(request),
          request.params.taskId,
          request.body,
        ),
    );
  }

  // ---- skill groups ----
  {
    const tags = ['skill-groups'];
    app.get(
      '/api/skill-groups',
      {
        schema: {
          tags,
          summary: 'The caller’s skill groups (to reuse), last changed first',
          response: { 200: ZListSkillGroupsResponse },
        },
      },
      (request) => rubric.listSkillGroups(app.db, currentUserId(request)),
    );
    app.post(
      '/api/skill-groups',
      {
        schema: {
          tags,
          summary: 'Create a skill group (with task_id: appended to that task’s rubric)',
          body: ZCreateSkillGroupRequest,
          response: { 201: ZSkillGroupResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await rubric.createSkillGroup(app.db, currentUserId(request), request.body)),
    );
    app.get(
      '/api/skill-groups/:id',
      {
        schema: {
          tags,
          summary: 'One skill group with its skills',
          params: ZIdParams,
          response: { 200: ZSkillGroupResponse },
        },
      },
      (request) => rubric.getSkillGroup(app.db, currentUserId(request), request.params.id),
    );
    app.patch(
      '/api/skill-groups/:id',
      {
        schema: {
          tags,
          summary: 'Rename or describe a skill group',
          params: ZIdParams,
          body: ZUpdateSkillGroupRequest,
          response: { 200: ZSkillGroupResponse },
        },
      },
      (request) => rubric.updateSkillGroup(app.db, currentUserId(request), request.params.id, request.body),
    );
    app.delete(
      '/api/skill-groups/:id',
      {
        schema: {
          tags,
          summary: 'Delete a skill group from every task, with its skills and details',
          params: ZIdParams,
          response: deleted,
        },
      },
      async (request) => {
        await rubric.deleteSkillGroup(app.db, currentUserId(request), request.params.id);
        return { id: request.params.id };
      },
    );
    app.put(
      '/api/skill-groups/:id/skills/order',
      {
        schema: {
          tags,
          summary: 'Order the group’s skills (exactly its skill ids, first to last)',
          params: ZIdParams,
          body: ZReorderRequest,
          response: { 200: ZSkillGroupResponse },
        },
      },
      (request) => rubric.reorderSkills(app.db, currentUserId(request), request.params.id, request.body.ids),
    );
  }

  // ---- skills ----
  {
    const tags = ['skills'];
    app.post(
      '/api/skills',
      {
        schema: {
          tags,
          summary: 'Add a skill to the end of a group',
          body: ZCreateSkillRequest,
          response: { 201: ZRubricSkill },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await rubric.createSkill(app.db, currentUserId(request), request.body)),
    );
    app.patch(
      '/api/skills/:id',
      {
        schema: {
          tags,
          summary: 'Change a skill (a maxScore below an existing level: 409 MAX_SCORE_BELOW_DETAILS)',
          params: ZIdParams,
          body: ZUpdateSkillRequest,
          response: { 200: ZRubricSkill },
        },
      },
      (request) => rubric.updateSkill(app.db, currentUserId(request), request.params.id, request.body),
    );
    app.delete(
      '/api/skills/:id',
      { schema: { tags, summary: 'Delete a skill with its details', params: ZIdParams, response: deleted } },
      async (request) => {
        await rubric.deleteSkill(app.db, currentUserId(request), request.params.id);
        return { id: request.params.id };
      },
    );
  }

  // ---- skill details (levels) ----
  {
    const tags = ['skill-details'];
    app.get(
      '/api/skill-details',
      {
        schema: {
          tags,
          summary: 'The details of one skill, by score',
          querystring: ZListSkillDetailsRequest,
          response: { 200: ZListSkillDetailsResponse },
        },
      },
      (request) => rubric.listSkillDetails(app.db, currentUserId(request), request.query.skillId),
    );
    app.post(
      '/api/skill-details',
      {
        schema: {
          tags,
          summary: 'Add a level descriptor (score ≤ the skill’s maxScore, else 400 SCORE_ABOVE_MAX)',
          body: ZCreateSkillDetailRequest,
          response: { 201: ZSkillDetail },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await rubric.createSkillDetail(app.db, currentUserId(request), request.body)),
    );
    app.patch(
      '/api/skill-details/:id',
      {
        schema: {
          tags,
          summary: 'Change a level descriptor',
          params: ZIdParams,
          body: ZUpdateSkillDetailRequest,
          response: { 200: ZSkillDetail },
        },
      },
      (request) => rubric.updateSkillDetail(app.db, currentUserId(request), request.params.id, request.body),
    );
    app.delete(
      '/api/skill-details/:id',
      { schema: { tags, summary: 'Delete a level descriptor', params: ZIdParams, response: deleted } },
      async (request) => {
        await rubric.deleteSkillDetail(app.db, currentUserId(request), request.params.id);
        return { id: request.params.id };
      },
    );
  }

  // ---- raw source criteria ----
  {
    const tags = ['criteria'];
    app.get(
      '/api/criteria',
      {
        schema: {
          tags,
          summary: 'The source criteria of one skill group',
          querystring: ZListCriteriaRequest,
          response: { 200: ZListCriteriaResponse },
        },
      },
      (request) => rubric.listCriteria(app.db, currentUserId(request), request.query.skillGroupId),
    );
    app.post(
      '/api/criteria',
      {
        schema: {
          tags,
          summary: 'Add a source criterion to a group',
          body: ZCreateCriterionRequest,
          response: { 201: ZRawSourceCriterion },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await rubric.createCriterion(app.db, currentUserId(request), request.body)),
    );
    app.patch(
      '/api/criteria/:id',
      {
        schema: {
          tags,
          summary: 'Change a source criterion',
          params: ZIdParams,
          body: ZUpdateCriterionRequest,
          response: { 200: ZRawSourceCriterion },
        },
      },
      (request) =>
        rubric.updateCriterion(app.db, currentUserId(request), request.params.id, request.body.value),
    );
    app.delete(
      '/api/criteria/:id',
      { schema: { tags, summary: 'Delete a source criterion', params: ZIdParams, response: deleted } },
      async (request) => {
        await rubric.deleteCriterion(app.db, currentUserId(request), request.params.id);
        return { id: request.params.id };
      },
    );
  }

  // ---- clusters ----
  {
    const tags = ['clusters'];
    app.get(
      '/api/clusters',
      {
        schema: {
          tags,
          summary: 'The caller’s criteria clusters, last changed first',
          response: { 200: ZListClustersResponse },
        },
      },
      (request) => rubric.listClusters(app.db, currentUserId(request)),
    );
    app.post(
      '/api/clusters',
      {
        schema: {
          tags,
          summary: 'Create a cluster',
          body: ZCreateClusterRequest,
          response: { 201: ZCluster },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await rubric.createCluster(app.db, currentUserId(request), request.body)),
    );
    app.patch(
      '/api/clusters/:id',
      {
        schema: {
          tags,
          summary: 'Change a cluster',
          params: ZIdParams,
          body: ZUpdateClusterRequest,
          response: { 200: ZCluster },
        },
      },
      (request) => rubric.updateCluster(app.db, currentUserId(request), request.params.id, request.body),
    );
    app.delete(
      '/api/clusters/:id',
      { schema: { tags, summary: 'Delete a cluster', params: ZIdParams, response: deleted } },
      async (request) => {
        await rubric.deleteCluster(app.db, currentUserId(request), request.params.id);
        return { id: request.params.id };
      },
    );
  }
};

export default rubricRoutes;

import {
  DEFAULT_SWATCHES,
  normalizeSwatchColor,
  ReturnCode,
  type CreateGroupBody,
  type CreateSwatchBody,
  type DeleteSwatchesBody,
  type GroupListItem,
  type GroupMember,
  type GroupMemberSearchBody,
  type GroupNode,
  type GroupStatistics,
  type GroupStatisticsQuery,
  type GroupTreeFilter,
  type LazyTreeNode,
  type LazyTreeQuery,
  type Page,
  type SetGroupStyleBody,
  type Swatch,
  type UpdateGroupBody,
  type UpdateSwatchBody,
} from '@atrium/contract';
import type { Repositories, Transact } from '../../db/repositories.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, notFound, refused } from '../../platform/errors.js';
import type { Actor, OperationLog } from '../operation-log/operation-log.service.js';
import type { SettingsRepository } from '../settings/settings.repository.js';
import { branchOf, filterTree, findNode, presentFlatList, presentSwatch, presentTree } from './department.presenter.js';
import type { DepartmentRepository } from './department.repository.js';
import { PALETTE_SEEDED_KEY, type DepartmentStyleRepository } from './department-style.repository.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

const codeTaken = (code: string) => new AppError(ReturnCode.CONFLICT, 'groupCodeTaken', { code });
const duplicateSwatch = (color: string) => new AppError(ReturnCode.CONFLICT, 'swatchDuplicate', { color });

/** Empty group codes mean none. */
const codeOf = (code: string | null | undefined) => (code === undefined ? undefined : code === null || code === '' ? null : code);

export interface GroupServiceDeps {
  departments: DepartmentRepository;
  styles: DepartmentStyleRepository;
  settings: SettingsRepository;
  operationLog: OperationLog;
  transact: Transact;
  clock: Clock;
}

export type GroupService = ReturnType<typeof createGroupService>;

/** Departments (groups): the tree, its changes, members, statistics and the colour palette. */
export function createGroupService({ departments, styles, settings, operationLog, transact, clock }: GroupServiceDeps) {
  async function loadTree(companyId: number, repository: DepartmentRepository = departments): Promise<GroupNode[]> {
    const [records, counts] = await Promise.all([repository.listDepartments(companyId), repository.memberCounts(companyId)]);
    return presentTree(records, counts);
  }

  async function getNode(companyId: number, id: number): Promise<GroupNode> {
    const node = findNode(await loadTree(companyId), id);
    if (!node) throw notFound('groupNotFound');
    return node;
  }

  /** Checks the references of a create or update in the caller's company. */
  async function checkReferences(repos: Repositories, companyId: number, body: Partial<CreateGroupBody>, selfId?: number) {
    if (body.parentId !== undefined && body.parentId !== null) {
      if (!(await repos.departments.findDepartment(companyId, body.parentId))) throw notFound('groupParentNotFound');
      if (selfId !== undefined) {
        const self = findNode(await loadTree(companyId, repos.departments), selfId);
        if (self && branchOf(self).some((node) => node.id === body.parentId)) throw refused('groupParentCycle');
      }
    }
    if (body.locationId !== undefined && body.locationId !== null && !(await repos.departments.locationExists(companyId, body.locationId))) {
      throw notFound('groupLocationNotFound');
    }
    const code = codeOf(body.groupCode);
    if (code && (await repos.departments.findIdByCode(companyId, code, selfId)) !== undefined) throw codeTaken(code);
  }

  /** Runs a write; a unique index refusing a racing duplicate answers like the check would have. */
  async function guardUnique<T>(write: () => Promise<T>, conflict: () => AppError): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
  }

  async function ensurePalette(companyId: number): Promise<void> {
    if ((await settings.findSetting(companyId, PALETTE_SEEDED_KEY)) !== undefined) return;
    const now = clock.now();
    await transact(async (repos) => {
      await repos.departmentStyles.insertStylesIfAbsent(companyId, DEFAULT_SWATCHES.map((color) => normalizeSwatchColor(color)), now);
      await repos.settings.putSetting(companyId, PALETTE_SEEDED_KEY, true, now);
    });
  }

  return {
    loadTree,

    /** The tree, filtered by keyword (matches keep their ancestors; counts stay whole). */
    async tree(companyId: number, filter: GroupTreeFilter = {}): Promise<GroupNode[]> {
      return filterTree(await loadTree(companyId), filter.keyword);
    },

    async flatList(companyId: number): Promise<GroupListItem[]> {
      return presentFlatList(await loadTree(companyId));
    },

    async lazyChildren(companyId: number, query: LazyTreeQuery): Promise<LazyTreeNode[]> {
      if (query.selector === 'location') {
        if (query.parentId !== undefined && !(await departments.locationExists(companyId, query.parentId))) throw notFound('groupLocationNotFound');
        const rows = await departments.locationChildren(companyId, query.parentId ?? null);
        return rows.map((row) => ({ id: row.id, name: row.name, selector: 'location', level: row.level, leaf: !row.hasChildren }));
      }
      const tree = await loadTree(companyId);
      let level: GroupNode[] = tree;
      if (query.parentId !== undefined) {
        const parent = findNode(tree, query.parentId);
        if (!parent) throw notFound('groupNotFound');
        level = parent.children;
      }
      return level.map((node) => ({ id: node.id, name: node.name, selector: 'group', level: node.level, leaf: node.leaf }));
    },

    async create(actor: Actor, body: CreateGroupBody): Promise<{ id: number }> {
      const code = codeOf(body.groupCode) ?? null;
      return operationLog.track(
        actor,
        (created: { id: number } | undefined) => ({
          action: 'group.create',
          targetType: 'group',
          targetId: created?.id ?? null,
          targetName: body.name,
          detail: { parentId: body.parentId ?? null, groupCode: code },
        }),
        () =>
          guardUnique(
            () =>
              transact(async (repos) => {
                await checkReferences(repos, actor.companyId, body);
                const parentId = body.parentId ?? null;
                const id = await repos.departments.insertDepartment(
                  {
                    companyId: actor.companyId,
                    parentId,
                    name: body.name,
                    groupCode: code,
                    description: body.description || null,
                    locationId: body.locationId ?? null,
                    sortOrder: await repos.departments.nextSortOrder(actor.companyId, parentId),
                  },
                  clock.now(),
                );
                return { id };
              }),
            () => codeTaken(code ?? ''),
          ),
      );
    },

    async update(actor: Actor, body: UpdateGroupBody): Promise<{ id: number }> {
      const existing = await departments.findDepartment(actor.companyId, body.id);
      if (!existing) throw notFound('groupNotFound');
      const code = codeOf(body.groupCode);
      const changes = {
        name: body.name,
        ...(body.parentId !== undefined ? { parentId: body.parentId } : {}),
        ...(code !== undefined ? { groupCode: code } : {}),
        ...(body.description !== undefined ? { description: body.description || null } : {}),
        ...(body.locationId !== undefined ? { locationId: body.locationId } : {}),
      };
      return operationLog.track(
        actor,
        { action: 'group.update', targetType: 'group', targetId: existing.id, targetName: body.name, detail: { ...changes, previousName: existing.name } },
        () =>
          guardUnique(
            () =>
              transact(async (repos) => {
                if (body.parentId === body.id) throw refused('groupParentCycle');
                await checkReferences(repos, actor.companyId, body, body.id);
                await repos.departments.updateDepartment(actor.companyId, body.id, changes);
                return { id: body.id };
              }),
            () => codeTaken(code ?? ''),
          ),
      );
    },

    /** Deletes an empty department: refused while it has members or sub-departments. */
    async remove(actor: Actor, id: number): Promise<void> {
      const existing = await departments.findDepartment(actor.companyId, id);
      if (!existing) throw notFound('groupNotFound');
      await operationLog.track(actor, { action: 'group.delete', targetType: 'group', targetId: id, targetName: existing.name }, () =>
        transact(async (repos) => {
          const children = await repos.departments.countChildren(actor.companyId, id);
          if (children > 0) throw refused('groupHasChildren', { count: children });
          const members = (await repos.departments.memberCounts(actor.companyId)).get(id) ?? 0;
          if (members > 0) throw refused('groupHasMembers', { count: members });
          await repos.departments.deleteDepartment(actor.companyId, id);
        }),
      );
    },

    async searchMembers(companyId: number, body: GroupMemberSearchBody): Promise<Page<GroupMember>> {
      const node = await getNode(companyId, body.groupId);
      const departmentIds = body.includeDescendants ? branchOf(node).map((n) => n.id) : [node.id];
      return departments.searchMembers(companyId, { departmentIds, keyword: body.keyword, page: body.page, pageSize: body.pageSize });
    },

    /** Counts of a department's branch, or of the whole company without a groupId. */
    async statistics(companyId: number, query: GroupStatisticsQuery): Promise<GroupStatistics> {
      const tree = await loadTree(companyId);
      let departmentIds: number[] | null = null;
      let base: Pick<GroupStatistics, 'memberCount' | 'totalMemberCount' | 'subDepartmentCount' | 'descendantCount'>;
      if (query.groupId !== undefined) {
        const node = findNode(tree, query.groupId);
        if (!node) throw notFound('groupNotFound');
        const branch = branchOf(node);
        departmentIds = branch.map((n) => n.id);
        base = { memberCount: node.memberCount, totalMemberCount: node.totalMemberCount, subDepartmentCount: node.children.length, descendantCount: branch.length - 1 };
      } else {
        const counts = await departments.memberCounts(companyId);
        const all = tree.flatMap(branchOf);
        base = {
          memberCount: counts.get(null) ?? 0,
          totalMemberCount: [...counts.values()].reduce((sum, n) => sum + n, 0),
          subDepartmentCount: tree.length,
          descendantCount: all.length,
        };
      }
      const breakdown = await departments.memberBreakdown(companyId, departmentIds);
      const byGender = { male: 0, female: 0, secret: 0 };
      for (const row of breakdown.byGender) byGender[row.gender] += row.count;
      return {
        groupId: query.groupId ?? null,
        ...base,
        byRole: breakdown.byRole.sort((a, b) => b.count - a.count || a.roleName.localeCompare(b.roleName)),
        byGender,
      };
    },

    /** The palette; a company that never had one starts with DEFAULT_SWATCHES. */
    async listSwatches(companyId: number): Promise<Swatch[]> {
      await ensurePalette(companyId);
      return (await styles.listStyles(companyId)).map(presentSwatch);
    },

    async createSwatch(actor: Actor, body: CreateSwatchBody): Promise<Swatch> {
      await ensurePalette(actor.companyId);
      const color = normalizeSwatchColor(body.color, body.alpha ?? 100);
      return operationLog.track(
        actor,
        (created: Swatch | undefined) => ({ action: 'group.createStyle', targetType: 'groupStyle', targetId: created?.id ?? null, targetName: color }),
        async () => {
          if ((await styles.findStyleIdByColor(actor.companyId, color)) !== undefined) throw duplicateSwatch(color);
          const id = await guardUnique(() => styles.insertStyle(actor.companyId, color, clock.now()), () => duplicateSwatch(color));
          return presentSwatch({ id, color });
        },
      );
    },

    async updateSwatch(actor: Actor, body: UpdateSwatchBody): Promise<Swatch> {
      const existing = await styles.findStyle(actor.companyId, body.id);
      if (!existing) throw notFound('swatchNotFound');
      const color = normalizeSwatchColor(body.color, body.alpha ?? 100);
      return operationLog.track(
        actor,
        { action: 'group.updateStyle', targetType: 'groupStyle', targetId: body.id, targetName: color, detail: { previousColor: existing.color } },
        async () => {
          const holder = await styles.findStyleIdByColor(actor.companyId, color);
          if (holder !== undefined && holder !== body.id) throw duplicateSwatch(color);
          await guardUnique(
            () => transact((repos) => repos.departmentStyles.updateStyle(actor.companyId, body.id, color)),
            () => duplicateSwatch(color),
          );
          return presentSwatch({ id: body.id, color });
        },
      );
    },

    /** Deletes swatches; departments painted with them lose their colour. Unknown ids answer 404. */
    async deleteSwatches(actor: Actor, body: DeleteSwatchesBody): Promise<{ deleted: number }> {
      const ids = [...new Set(body.ids)];
      return operationLog.track(
        actor,
        { action: 'group.deleteStyles', targetType: 'groupStyle', targetId: ids.length === 1 ? ids[0]! : null, detail: { ids } },
        () =>
          transact(async (repos) => {
            const deleted = await repos.departmentStyles.deleteStyles(actor.companyId, ids);
            // All or nothing: an id of another company (or none) refuses the whole request.
            if (deleted.length !== ids.length) throw notFound('swatchNotFound');
            return { deleted: deleted.length };
          }),
      );
    },

    async setStyle(actor: Actor, body: SetGroupStyleBody): Promise<void> {
      const department = await departments.findDepartment(actor.companyId, body.groupId);
      if (!department) throw notFound('groupNotFound');
      const style = body.styleId === null ? null : await styles.findStyle(actor.companyId, body.styleId);
      if (style === undefined) throw notFound('swatchNotFound');
      await operationLog.track(
        actor,
        { action: 'group.setStyle', targetType: 'group', targetId: department.id, targetName: department.name, detail: { styleId: style?.id ?? null, color: style?.color ?? null } },
        () => departments.setStyle(actor.companyId, department.id, style),
      );
    },
  };
}

import { createAssetCatalogueRepository } from '../../modules/asset/asset-catalogue.repository.js';
import { createAssetRepository } from '../../modules/asset/asset.repository.js';
import type { SeedContext } from './factories.js';

/** The catalogue's tree (decision 0019, "Assets"): each top category with its own. */
const CATEGORIES: Record<string, string[]> = { IT: ['Monitors', 'Laptops', 'Docking stations'], Furniture: ['Chairs', 'Desks'] };

/** Models by category, with how many copies the London office holds and the tag's letters. */
const MODELS: Array<{ category: string; name: string; manufacturer: string; modelNumber: string; count: number; serial: string | null }> = [
  { category: 'Monitors', name: 'Dell U2723QE', manufacturer: 'Dell', modelNumber: 'U2723QE', count: 10, serial: 'CN0U27' },
  { category: 'Monitors', name: 'Dell P2422H', manufacturer: 'Dell', modelNumber: 'P2422H', count: 6, serial: 'CN0P24' },
  { category: 'Laptops', name: 'ThinkPad T14 Gen 4', manufacturer: 'Lenovo', modelNumber: '21HD', count: 8, serial: 'PF4T14' },
  { category: 'Laptops', name: 'MacBook Pro 14"', manufacturer: 'Apple', modelNumber: 'A2992', count: 4, serial: 'C02MBP' },
  { category: 'Docking stations', name: 'ThinkPad Universal USB-C Dock', manufacturer: 'Lenovo', modelNumber: '40AY0090', count: 5, serial: 'DK40AY' },
  { category: 'Chairs', name: 'Aeron', manufacturer: 'Herman Miller', modelNumber: 'AER1B23DW', count: 4, serial: null },
  { category: 'Desks', name: 'E7 standing desk', manufacturer: 'FlexiSpot', modelNumber: 'E7', count: 3, serial: null },
];

const DAY_MS = 86_400_000;
/** A calendar date `days` before `now`, as YYYY-MM-DD. */
const dateBefore = (now: number, days: number) => new Date(now - days * DAY_MS).toISOString().slice(0, 10);

/**
 * The London office's equipment: the catalogue above and 40 assets on its two floors, tagged LDN-0001
 * on. The first monitors stand on the floors' first desks, the laptops are with `people` (in order),
 * one monitor and one laptop are in repair, one chair is retired; the rest are ready in stock.
 * Written with the asset repositories, so the rows are what the API writes.
 */
export async function seedDemoAssets(ctx: SeedContext, companyId: number, { floors, people }: { floors: number[]; people: number[] }): Promise<void> {
  const catalogue = createAssetCatalogueRepository(ctx.db);
  const assets = createAssetRepository(ctx.db);
  const categoryIds = new Map<string, number>();
  for (const [top, children] of Object.entries(CATEGORIES)) {
    const parentId = await catalogue.insertCategory(companyId, null, top, ctx.now);
    for (const child of children) categoryIds.set(child, await catalogue.insertCategory(companyId, parentId, child, ctx.now));
  }
  const desks = await ctx.db
    .selectFrom('desks')
    .select(['id', 'floor_id'])
    .where('company_id', '=', companyId)
    .where('floor_id', 'in', floors)
    .where('deleted_at', 'is', null)
    .orderBy('number_key')
    .execute();

  let tag = 0;
  let deskIndex = 0;
  let personIndex = 0;
  for (const model of MODELS) {
    const modelId = await catalogue.insertModel(companyId, { categoryId: categoryIds.get(model.category)!, name: model.name, manufacturer: model.manufacturer, modelNumber: model.modelNumber }, ctx.now);
    for (let copy = 0; copy < model.count; copy++) {
      tag++;
      const bought = 200 + ((tag * 37) % 600);
      const isMonitor = model.category === 'Monitors';
      const isLaptop = model.category === 'Laptops';
      const inRepair = copy === model.count - 1 && (isMonitor || isLaptop) && model.count > 6;
      // A monitor on a desk stands on the desk's floor.
      const desk = !inRepair && isMonitor && copy < 6 ? desks[deskIndex++] : undefined;
      const id = await assets.insertAsset(
        companyId,
        {
          tag: `LDN-${String(tag).padStart(4, '0')}`,
          serial: model.serial ? `${model.serial}${String(1000 + tag * 7)}` : null,
          modelId,
          locationId: desk?.floor_id ?? floors[tag % floors.length]!,
          purchaseDate: dateBefore(ctx.now, bought),
          warrantyEnd: dateBefore(ctx.now, bought - 3 * 365),
          // Audits fall due at midnight UTC of a day in the coming six months.
          nextAuditAt: Math.floor(ctx.now / DAY_MS) * DAY_MS + (1 + ((tag * 11) % 180)) * DAY_MS,
          notes: null,
        },
        'ready',
        ctx.now,
      );
      if (inRepair) {
        await assets.setStatus(companyId, id, 'in_repair', ctx.now);
      } else if (desk) {
        await assets.checkout(companyId, id, { kind: 'desk', id: desk.id }, null, ctx.now - (30 + tag) * DAY_MS);
      } else if (isLaptop && copy < 5 && people.length > 0) {
        await assets.checkout(companyId, id, { kind: 'user', id: people[personIndex++ % people.length]! }, null, ctx.now - (60 + tag) * DAY_MS);
      } else if (model.category === 'Chairs' && copy === model.count - 1) {
        await assets.setStatus(companyId, id, 'retired', ctx.now);
      }
    }
  }
}

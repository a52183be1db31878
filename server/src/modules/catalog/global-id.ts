/** WooGraphQL-style opaque ids: base64 of "<kind>:<databaseId>". */
export type GlobalIdKind = 'post' | 'term' | 'product_tag' | 'comment' | 'allergen' | 'addon';

export function toGlobalId(kind: GlobalIdKind, id: number | string): string {
  return Buffer.from(`${kind}:${id}`).toString('base64');
}

export function fromGlobalId(globalId: string): { kind: string; id: number } | null {
  const decoded = Buffer.from(globalId, 'base64').toString('utf8');
  const match = /^([a-z_]+):(\d+)$/.exec(decoded);
  if (!match) return null;
  return { kind: match[1]!, id: Number(match[2]) };
}

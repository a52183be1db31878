import { GraphQLError, Kind, type ASTVisitor, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

/**
 * A list argument's page size counts at most this much in the cost: the catalogue holds a few hundred
 * items, and the storefront asks `first: 9999` to mean "all of them".
 */
export const COST_PAGE_CAP = 100;

interface Tally {
  aliases: number;
  cost: number;
}

function fragmentsOf(context: ValidationContext): Map<string, FragmentDefinitionNode> {
  return new Map(
    context
      .getDocument()
      .definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
}

/** The page size a field asks for: a literal `first`/`last`, a variable counts as the cap, none as 1. */
function pageFactor(field: FieldNode): number {
  let factor = 1;
  for (const argument of field.arguments ?? []) {
    if (argument.name.value !== 'first' && argument.name.value !== 'last') continue;
    const value = argument.value;
    const asked = value.kind === Kind.INT ? Number(value.value) : value.kind === Kind.VARIABLE ? COST_PAGE_CAP : 1;
    factor = Math.max(factor, Math.min(Math.max(asked, 1), COST_PAGE_CAP));
  }
  return factor;
}

/**
 * Counts aliases and the cost of a selection, fragments expanded (each fragment tallied once and then
 * reused, so a document cannot blow up the count itself). Cost: 1 per field, and a field's children
 * count once per item of the page it asks for. Fragment cycles are left to the spec's NoFragmentCycles.
 */
function tallyOf(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, memo: Map<string, Tally>, path: Set<string>): Tally {
  const total: Tally = { aliases: 0, cost: 0 };
  for (const selection of set.selections) {
    let part: Tally;
    if (selection.kind === Kind.FIELD) {
      const children = selection.selectionSet ? tallyOf(selection.selectionSet, fragments, memo, path) : { aliases: 0, cost: 0 };
      const factor = pageFactor(selection);
      part = { aliases: (selection.alias ? 1 : 0) + children.aliases, cost: 1 + children.cost * factor };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      part = tallyOf(selection.selectionSet, fragments, memo, path);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || path.has(name)) continue;
      let cached = memo.get(name);
      if (!cached) {
        cached = tallyOf(fragment.selectionSet, fragments, memo, new Set([...path, name]));
        memo.set(name, cached);
      }
      part = cached;
    }
    total.aliases += part.aliases;
    total.cost += part.cost;
  }
  return total;
}

/** Rejects, before anything runs, an operation with more than `maxAliases` aliases or cost above `maxCost`. */
export function queryLimits(limits: { maxAliases: number; maxCost: number }) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context);
    const memo = new Map<string, Tally>();
    return {
      OperationDefinition(node) {
        const tally = tallyOf(node.selectionSet, fragments, memo, new Set());
        if (tally.aliases > limits.maxAliases) {
          context.reportError(
            new GraphQLError(`The query uses too many aliases (${tally.aliases}; at most ${limits.maxAliases}).`, {
              nodes: [node],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
        if (tally.cost > limits.maxCost) {
          context.reportError(
            new GraphQLError(`The query is too expensive (cost ${tally.cost}; at most ${limits.maxCost}).`, {
              nodes: [node],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
      },
    };
  };
}

import { GraphQLError, Kind, type ASTVisitor, type SelectionSetNode, type ValidationContext } from 'graphql';

/**
 * Rejects queries nested deeper than `max` fields (fragments followed), before they run. Introspection's
 * `ofType` does not count: it is a chain of single objects (no list, so no fan-out), and the standard
 * introspection query of code generators nests it nine deep.
 */
export function depthLimit(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map(
      context
        .getDocument()
        .definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d.selectionSet]),
    );
    function depthOf(set: SelectionSetNode, seen: Set<string>): number {
      let deepest = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          const own = selection.name.value === 'ofType' ? 0 : 1;
          deepest = Math.max(deepest, selection.selectionSet ? own + depthOf(selection.selectionSet, seen) : own);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet, seen));
        } else if (!seen.has(selection.name.value)) {
          const fragment = fragments.get(selection.name.value);
          if (fragment) deepest = Math.max(deepest, depthOf(fragment, new Set([...seen, selection.name.value])));
        }
      }
      return deepest;
    }
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, new Set());
        if (depth > max) {
          context.reportError(new GraphQLError(`The query is nested too deeply (${depth} levels; at most ${max}).`, { nodes: [node] }));
        }
      },
    };
  };
}

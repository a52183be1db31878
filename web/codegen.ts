// Types for the web's GraphQL documents, generated from the server's schema (docs/decisions/0013-typed-contract.md).
// `npm run codegen` writes them; `npm run codegen:check` (part of `npm run typecheck`) fails when a document
// no longer matches the schema or the checked-in output is stale.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: ['../server/src/api/graphql/schema.graphql', '../server/src/api/graphql/accounts.graphql'],
  documents: ['src/**/*.graphql'],
  config: {
    // Plain string unions instead of runtime enum objects, and `import type`: nothing but the document
    // strings reaches the bundle.
    enumsAsTypes: true,
    useTypeImports: true,
    skipTypename: true,
    strictScalars: true,
    scalars: { TaxonomyEnum: 'string' },
  },
  generates: {
    'src/api/schema-types.generated.ts': {
      plugins: ['typescript'],
      config: { onlyOperationTypes: true },
    },
    // One module beside each .graphql file, so a lazily loaded screen carries only its own documents.
    'src/': {
      preset: 'near-operation-file',
      presetConfig: { extension: '.generated.ts', baseTypesPath: 'api/schema-types.generated.ts' },
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { documentMode: 'string' },
    },
  },
};

export default config;

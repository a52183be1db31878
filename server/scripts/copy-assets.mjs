// Copies the non-TypeScript files the compiled server reads at run time.
import fs from 'node:fs';

fs.copyFileSync('src/api/graphql/schema.graphql', 'dist/api/graphql/schema.graphql');
fs.copyFileSync('src/api/graphql/accounts.graphql', 'dist/api/graphql/accounts.graphql');
fs.copyFileSync('src/modules/auth/common-passwords.txt', 'dist/modules/auth/common-passwords.txt');

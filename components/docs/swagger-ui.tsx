'use client';

// Turbopack leaves out the module of @swagger-api/apidom-ns-openapi-3-1 that registers how OpenAPI 3.1
// elements are read (its package.json lists it under sideEffects, but the re-exports that pass through it
// are followed past it), so opening an operation would fail with "refract is not a function"
// (vercel/next.js#86507, swagger-api/swagger-ui#10599). Importing it for its side effect puts it back.
// The path is the one npm installs it at (a transitive dependency of swagger-ui-react, through
// swagger-client); e2e/docs.test.ts opens an operation, so a change here shows there.
import '../../node_modules/@swagger-api/apidom-ns-openapi-3-1/src/refractor/registration.mjs';

export { default } from 'swagger-ui-react';

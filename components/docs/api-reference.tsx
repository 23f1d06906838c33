'use client';

import dynamic from 'next/dynamic';
import 'swagger-ui-react/swagger-ui.css';

// Swagger UI renders in the browser only (it reads `window` as it loads).
const SwaggerUI = dynamic(() => import('./swagger-ui'), {
  ssr: false,
  loading: () => (
    <p className="p-8 text-sm text-slate-500" data-testid="api-reference-loading">
      Loading the API reference…
    </p>
  ),
});

/** The API reference, rendered by Swagger UI from the service's own OpenAPI document. */
export function ApiReference({ url }: { url: string }) {
  return (
    <div data-testid="api-reference">
      <SwaggerUI url={url} docExpansion="list" defaultModelsExpandDepth={0} deepLinking displayRequestDuration tryItOutEnabled={false} />
    </div>
  );
}

import { ApiReference } from '@/components/docs/api-reference';

/** /docs: the API reference from GET /v1/openapi.json, readable without signing in. */
export default function DocsPage() {
  return <ApiReference url="/v1/openapi.json" />;
}

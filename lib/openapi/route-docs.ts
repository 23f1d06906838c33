import type { RouteDocs } from '@/lib/http/route';
import * as schemas from './schemas';

/**
 * Documentation for routes whose files do not carry it yet, by `METHOD /path`. A route file's own
 * fields (`summary`, `responses`, `errors` … in its `route({...})`) take precedence; move an entry
 * there when its file is next edited. Kept here for the screening routes, which were being written
 * when the document was introduced.
 */
export const routeDocs: Record<string, RouteDocs> = {
  'POST /v1/screenings': {
    summary: 'Screen a person or business against the loaded lists',
    description:
      'Stores and returns the screening: `potential_match` when a candidate scores at or above the threshold (default 80), and then an alert is raised in the same request; `clear` otherwise. At most 25 candidates, highest first; those scoring 50 up to the threshold are in `near`. Only `name` is required. With no list loaded the answer is 503, never clear.',
    responses: { 200: schemas.Screening },
    errors: {
      400: [
        'name must be 1 to 200 characters',
        'kind must be person or business',
        'birth_year looks wrong',
        'country must be a two-letter code',
        'reference must be 1 to 200 characters',
        'threshold must be between 50 and 100',
      ],
      503: ['no screening list is loaded, so nothing can be checked'],
    },
    requestExample: { name: 'Ivan Petrov', kind: 'person', birth_year: 1971, country: 'RU', reference: 'cust-1042', threshold: 80 },
  },
  'GET /v1/screenings': {
    summary: 'List screenings',
    description: 'Newest first, paged like other lists. Filters: `reference`, `status` (`clear` or `potential_match`).',
    responses: { 200: schemas.ScreeningPage },
    errors: { 400: ['limit must be between 1 and 200', 'status must be clear or potential_match'] },
  },
  'GET /v1/screenings/{id}': {
    summary: 'One stored screening',
    description: 'Subject, matches, near misses and lists exactly as first returned; `resolutions`, `review` and `alert_id` are current.',
    responses: { 200: schemas.Screening },
    errors: { 404: ['screening not found'] },
  },
  'POST /v1/screenings/{id}/resolutions': {
    summary: 'Record a decision on a match or near miss',
    description:
      '`false_positive` waits for a second key (`pending_approval`); `true_match` and `needs_info` are final at once. While a decision on the match waits for approval, no new one can be recorded.',
    responses: { 200: schemas.Resolution },
    errors: {
      400: ['outcome must be true_match, false_positive or needs_info', 'note must be 1 to 2000 characters', 'this screening has no such match'],
      404: ['screening not found'],
      409: ['a decision on this match is waiting for a second person'],
    },
    requestExample: { list: 'sample', entry_ref: 'SAMPLE-001', outcome: 'false_positive', note: 'Different person: born 1988, Spanish national.' },
  },
  'POST /v1/screenings/{id}/resolutions/{resolution_id}/approve': {
    summary: 'Approve a cleared match (second key)',
    description:
      'No body. When it was the last match to clear, the review becomes `cleared` and the alert closes. An unknown screening or decision is `resolution not found`.',
    responses: { 200: schemas.Resolution },
    errors: {
      403: ["the person who cleared a match can't approve it"],
      404: ['resolution not found'],
      409: ['only a cleared match waiting for approval can be approved'],
    },
  },
  'POST /v1/screenings/{id}/resolutions/{resolution_id}/reject': {
    summary: 'Send a cleared match back',
    description: 'No body. Any key may reject; the match has no standing decision again. An unknown screening or decision is `resolution not found`.',
    responses: { 200: schemas.Resolution },
    errors: { 404: ['resolution not found'], 409: ['only a cleared match waiting for approval can be sent back'] },
  },
  'GET /v1/screening/lists': {
    summary: 'The screening lists this instance screens with',
    description: 'Shared by every organisation on the install. New lists reach running instances within 30 seconds.',
    responses: { 200: schemas.ScreeningLists },
  },
};

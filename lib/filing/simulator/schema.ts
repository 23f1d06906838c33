// The simulator validates with the same in-process goAML schema check as the service's reports.
export * from '../schema';

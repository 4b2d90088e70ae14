// The property suites' entry (`@sports/common/testing/fuzz`: the OpenAPI fuzzer, the media-type
// refusals), apart from `@sports/common/testing`:
// fast-check spends seconds building its tables on load, which no other test file should pay.
export * from './openapi-fuzzer';
export * from '../media-type-refusals';

// The fuzz suites' entry (`@sports/common/testing/fuzz`), apart from `@sports/common/testing`:
// fast-check spends seconds building its tables on load, which no other test file should pay.
export * from './openapi-fuzzer';

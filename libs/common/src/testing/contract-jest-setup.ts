import { takeContractViolations } from './contract-validator';

/*
 * Jest setup (setupFilesAfterEnv of every project): a response that broke the OpenAPI contract
 * during a test fails that test, naming the operation, the status and what did not match.
 */
beforeEach(() => {
  takeContractViolations();
});

afterEach(() => {
  const violations = takeContractViolations();
  if (!violations.length) return;
  const lines = violations.map(
    (v) => `${v.operation} → ${v.status}: ${v.problem}${v.body ? `\n    body: ${v.body}` : ''}`,
  );
  throw new Error(`Responses that break the OpenAPI contract:\n  ${lines.join('\n  ')}`);
});

import { relativeRootProblem } from './relative-root';

describe('relative media root', () => {
  it.each(['media', 'tenant-a/media_2026', 'a.b/c-d/e_f', 'x'.repeat(200)])('accepts %p', (value) =>
    expect(relativeRootProblem(value)).toBeNull(),
  );

  it.each([
    [''],
    ['x'.repeat(201)],
    ['/etc'],
    ['\\\\server\\share'],
    ['C:/media'],
    ['c:media'],
    ['media/../../etc'],
    ['..'],
    ['media/..'],
    ['./media'],
    ['media//x'],
    ['media/'],
    ['media%2f..%2fetc'],
    ['media%5Cx'],
    ['%2e%2e/x'],
    ['media\\x'],
    ['med ia'],
    ['media/ä'],
    ['media\u0000'],
  ])('refuses %p', (value) => expect(relativeRootProblem(value)).not.toBeNull());
});

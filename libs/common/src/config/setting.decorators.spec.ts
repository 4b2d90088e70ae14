import 'reflect-metadata';
import { plainToInstance, Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsNumber, IsString, Max, Min, validateSync } from 'class-validator';
import { BooleanSetting, IntSetting, ListSetting, NumberSetting } from './setting.decorators';

class Composed {
  @IntSetting(1, 10) INT = 5;
  @IntSetting(0) OPEN = 0;
  @NumberSetting(0) PRICE = 0;
  @BooleanSetting() FLAG = false;
  @ListSetting() LIST: string[] = [];
}

/** The stacks the composed decorators replaced, as config.ts wrote them. */
class Stacked {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(10)
  INT = 5;

  @Type(() => Number)
  @IsInt()
  @Min(0)
  OPEN = 0;

  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  PRICE = 0;

  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? ['1', 'true', 'yes', 'on'].includes(value.toLowerCase()) : value,
  )
  @IsBoolean()
  FLAG = false;

  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : value,
  )
  @IsString({ each: true })
  LIST: string[] = [];
}

const read = (cls: new () => object, env: Record<string, string>) => {
  const instance = plainToInstance(cls, env);
  const errors = validateSync(instance).map((e) => [e.property, e.constraints]);
  return { instance: { ...instance }, errors };
};

describe('setting decorators', () => {
  it.each([
    { INT: '7', OPEN: '12', PRICE: '0.25', FLAG: 'Yes', LIST: ' a, b,,c ' },
    { INT: '0', OPEN: '-1', PRICE: 'NaN', FLAG: 'off', LIST: '' },
    { INT: '11', OPEN: '1.5', PRICE: '-2', FLAG: '1', LIST: 'x' },
    { INT: 'abc', OPEN: 'Infinity', PRICE: 'Infinity', FLAG: 'maybe', LIST: ',' },
  ])('read %o exactly as the stacks they replace, messages included', (env) => {
    expect(read(Composed, env)).toEqual(read(Stacked, env));
  });

  it('parse what the settings documented: numbers, booleans and lists', () => {
    expect(read(Composed, { INT: '7', FLAG: 'on', LIST: ' a, b,,c ' })).toEqual({
      instance: expect.objectContaining({ INT: 7, FLAG: true, LIST: ['a', 'b', 'c'] }),
      errors: [],
    });
  });

  it('refuse a value out of range with the validator messages of the stack', () => {
    expect(read(Composed, { INT: '11' }).errors).toEqual([
      ['INT', { max: 'INT must not be greater than 10' }],
    ]);
  });
});

import { Model } from 'objection';

/**
 * objection's Model whose instances carry the columns of `Row`: a model names its table, id and relations,
 * and its column types stay the row type its store already declares (one definition, not two).
 */
export function modelOf<Row>() {
  return Model as unknown as (new () => Model & Row) & Omit<typeof Model, 'prototype'>;
}

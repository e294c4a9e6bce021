/** The API as data: every payload and result schema, the envelope, the paths and the codecs. */
export * from './envelope';
export * from './enums';
export * from './rules';
export * from './auth';
export * from './profile';
export * from './permissions';
export * from './endpoints';
export * from './codecs';
export * from './lists';
export * from './orders';
export * from './order-update';
export * from './order-create';
export * from './categories';
export * from './items';
export * from './users';
export * from './roles';

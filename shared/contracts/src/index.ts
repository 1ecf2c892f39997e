/** @portal/contracts: the spec's enums, codes, constants and validation, shared by server and clients. */
export * from './common/constants';
export * from './common/codes';
export * from './common/messages';
export * from './common/enums';
export * from './common/validation';
export * from './common/phone';
export * from './common/pagination';
export * from './auth/schemas';
export * from './account/schemas';
export * from './leads/enums';
export * from './crm/enums';
export * from './mall/enums';
export * from './session/types';
export * from './common/query';
export * from './account/info';
export * from './platform/schemas';
export * from './workbench/schemas';

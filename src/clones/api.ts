/**
 * Clone templates and clones (server/API.md "Clones and templates"): list, create and delete templates, clone one onto
 * phones, follow a clone order. Inputs and replies take their types from the contract (shared/contract/clones.ts).
 */
import type * as C from '../../shared/contract/clones.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import { api } from '../core/http.ts';

export type TemplateList = ReplyOf<typeof C.listTemplates>;
export type CloneTemplate = TemplateList['list'][number];
export type CloneLimits = TemplateList['limits'];
export type CloneOrder = ReplyOf<typeof C.clonePhones>;

const TEMPLATE = '/api/device/clone-template';
const CLONE = '/api/device/user/phone/clone';

export const listTemplates = () => api(`GET ${TEMPLATE}/list`, {}, { allowDuplicate: true });
export const createTemplate = (userPhoneId: number, name: string) => api(`POST ${TEMPLATE}/create`, { body: { userPhoneId, name } });
export const deleteTemplate = (templateId: number) => api(`POST ${TEMPLATE}/delete`, { body: { templateId } });
export const clonePhones = (templateId: number, userPhoneIds: number[]) => api(`POST ${CLONE}`, { body: { templateId, userPhoneIds } });
export const getCloneOrder = (orderNo: string) => api(`GET ${CLONE}/order`, { query: { orderNo } }, { allowDuplicate: true });

/**
 * Screen sharing by link (server/API.md "Screen sharing"): the owner's calls and the viewer's, typed by the contract
 * (shared/contract/shares.ts). The viewer's calls need no login; the http client sends one when there is.
 */
import type * as C from '../../shared/contract/shares.ts';
import type { ReplyOf } from '../../shared/contract/endpoint.ts';
import type { SharePermission, ShareValidityHours, ViewerAction } from '../../shared/contract/share-words.ts';
import { api } from '../core/http.ts';

export type Share = ReplyOf<typeof C.getShare>['share'];
export type ShareViewer = Share['viewers'][number];
export type ShareList = ReplyOf<typeof C.listShares>;
export type ShareDetail = ReplyOf<typeof C.getShare>;
export type CreatedShare = ReplyOf<typeof C.createShare>;
export type OpenedShare = ReplyOf<typeof C.openShare>;
export type JoinedShare = ReplyOf<typeof C.joinShare>;
export type ViewerStatus = ReplyOf<typeof C.viewerStatus>;

export const createShare = (userPhoneId: number, permission: SharePermission, validityHours: ShareValidityHours) =>
  api('POST /api/device/share/create', { body: { userPhoneId, permission, validityHours } });
/** Polled while a page shows it: repeats are expected. */
export const listShares = () => api('GET /api/device/share/list', {}, { allowDuplicate: true });
export const getShare = (shareId: number) => api('GET /api/device/share/get', { query: { shareId } }, { allowDuplicate: true });
export const endShare = (shareId: number) => api('PUT /api/device/share/end', { body: { shareId } });
export const setViewerPermission = (viewerId: number, permission: SharePermission) =>
  api('PUT /api/device/share/viewer/permission', { body: { viewerId, permission } });
export const answerControlRequest = (viewerId: number, approve: boolean) =>
  api('PUT /api/device/share/viewer/control-request', { body: { viewerId, approve } });
export const actOnViewer = (viewerId: number, action: ViewerAction) => api('PUT /api/device/share/viewer/state', { body: { viewerId, action } });

// The viewer's calls need no tenant (the link names its share): they may go before the client is resolved.
export const openShare = (token: string) => api('POST /api/device/share/open', { body: { token } }, { beforeTenant: true });
export const joinShare = (token: string, displayName: string, viewerKey: string) =>
  api('POST /api/device/share/join', { body: { token, displayName, viewerKey } }, { beforeTenant: true });
export const viewerStatus = (viewerKey: string) =>
  api('POST /api/device/share/viewer/status', { body: { viewerKey } }, { allowDuplicate: true, beforeTenant: true });
export const renameViewer = (viewerKey: string, displayName: string) =>
  api('POST /api/device/share/viewer/rename', { body: { viewerKey, displayName } }, { beforeTenant: true });
export const requestControl = (viewerKey: string) => api('POST /api/device/share/viewer/request-control', { body: { viewerKey } }, { beforeTenant: true });
export const leaveShare = (viewerKey: string) => api('POST /api/device/share/viewer/leave', { body: { viewerKey } }, { beforeTenant: true });

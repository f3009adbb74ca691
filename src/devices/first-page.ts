/**
 * The device list's first request with the default filters. The inline boot script (app/inline-boot.ts) sends it for
 * a returning visitor opening home, before the app's JS has arrived, and the list takes that reply; so both sides
 * build it from here, and a unit test holds the list's own first request to it.
 */
/** The whole list comes in pages of this size (the server's largest). */
export const PHONE_PAGE_SIZE = 200;
/**
 * The first request asks for one screenful only (the 16-grid shows 16 cards, the list fewer): on a slow link it lands
 * well before a page of 200 would, and the first cards show from it; the whole list follows behind it.
 */
export const FIRST_PAGE_SIZE = 20;
export const FIRST_PHONE_PAGE = `/api/device/user/phone/list?sort=default&pageSize=${FIRST_PAGE_SIZE}&pageNo=1`;

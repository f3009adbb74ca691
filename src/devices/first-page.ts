/**
 * The device list's first request with the default filters. The inline boot script (app/inline-boot.ts) sends it for
 * a returning visitor opening home, before the app's JS has arrived, and the list takes that reply; so both sides
 * build it from here, and a unit test holds the list's own first request to it.
 */
export const PHONE_PAGE_SIZE = 200;
export const FIRST_PHONE_PAGE = `/api/device/user/phone/list?sort=default&pageSize=${PHONE_PAGE_SIZE}&pageNo=1`;

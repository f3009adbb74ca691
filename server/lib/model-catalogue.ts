// The device models a phone can be changed to ("new machine", server/API.md): plain data. Each model carries the
// Type Allocation Code its IMEIs start with (8 digits, in the ranges the makers' real devices use) and its Android
// version; each manufacturer the style of its serial numbers (phone-identity.ts `serialNumber`).

/**
 * A serial number's pattern, one character per position: `#` a digit, `A` an upper-case letter, `X` an upper-case
 * letter or digit, `h` a lower-case hex digit; anything else stands for itself.
 */
export type SerialStyle = string;

export interface CatalogueModel {
  modelId: number;
  manufacturer: string;
  brand: string;
  model: string;
  marketName: string;
  systemVersion: string;
  tac: string;
}

interface Maker {
  manufacturer: string;
  brand: string;
  serialStyle: SerialStyle;
  models: Array<[id: number, model: string, marketName: string, android: number, tac: string]>;
}

const MAKERS: readonly Maker[] = [
  {
    manufacturer: 'Samsung',
    brand: 'samsung',
    // R + factory and year digits + month letter + 7 characters, e.g. R58N41ABCDE.
    serialStyle: 'R##AXXXXXXX',
    models: [
      [101, 'SM-G9910', 'Galaxy S21', 13, '35376011'],
      [102, 'SM-S9080', 'Galaxy S22 Ultra', 13, '35068574'],
      [103, 'SM-S9110', 'Galaxy S23', 14, '35183232'],
      [104, 'SM-A5360', 'Galaxy A53 5G', 13, '35295310'],
    ],
  },
  {
    manufacturer: 'Xiaomi',
    brand: 'Xiaomi',
    // Eight lower-case hex digits, as `adb devices` shows them.
    serialStyle: 'hhhhhhhh',
    models: [
      [201, 'M2102K1C', 'Mi 11 Ultra', 12, '86298205'],
      [202, '2201123C', 'Xiaomi 12', 13, '86412305'],
      [203, '2211133C', 'Xiaomi 13', 14, '86880306'],
      [204, '22081212C', 'Redmi K50 Ultra', 13, '86720006'],
    ],
  },
  {
    manufacturer: 'HUAWEI',
    brand: 'HUAWEI',
    serialStyle: 'XXXX#A####XXXXXX',
    models: [
      [301, 'ELS-AN00', 'P40 Pro', 10, '86823504'],
      [302, 'NOH-AN00', 'Mate 40 Pro', 10, '86617405'],
      [303, 'JAD-AL50', 'P50 Pro', 11, '86489205'],
    ],
  },
  {
    manufacturer: 'OPPO',
    brand: 'OPPO',
    serialStyle: 'hhhhhhhh',
    models: [
      [401, 'PEEM00', 'Find X3 Pro', 12, '86615905'],
      [402, 'PFEM10', 'Find X5 Pro', 13, '86887605'],
      [403, 'PHB110', 'Find X6 Pro', 14, '86231806'],
    ],
  },
  {
    manufacturer: 'vivo',
    brand: 'vivo',
    serialStyle: 'XXXXXXXXXXXXXXXX',
    models: [
      [501, 'V2055A', 'X60 Pro', 11, '86736305'],
      [502, 'V2145A', 'X70 Pro+', 12, '86094805'],
      [503, 'V2229A', 'X90 Pro+', 13, '86745606'],
    ],
  },
  {
    manufacturer: 'Google',
    brand: 'google',
    serialStyle: '##XXAAXXXXXXXX',
    models: [
      [601, 'Pixel 6', 'Pixel 6', 13, '35260911'],
      [602, 'Pixel 7 Pro', 'Pixel 7 Pro', 14, '35591931'],
      [603, 'Pixel 8', 'Pixel 8', 14, '35669748'],
    ],
  },
];

export const CATALOGUE: readonly CatalogueModel[] = MAKERS.flatMap((maker) =>
  maker.models.map(([modelId, model, marketName, android, tac]) => ({
    modelId,
    manufacturer: maker.manufacturer,
    brand: maker.brand,
    model,
    marketName,
    systemVersion: `Android ${android}`,
    tac,
  })),
);

export const MANUFACTURERS: readonly string[] = MAKERS.map((maker) => maker.manufacturer);

export function findModel(modelId: number | null): CatalogueModel | undefined {
  return CATALOGUE.find((model) => model.modelId === modelId);
}

export function serialStyleOf(manufacturer: string): SerialStyle {
  return MAKERS.find((maker) => maker.manufacturer === manufacturer)?.serialStyle ?? 'XXXXXXXXXXXX';
}

/** A pattern as a regular expression, for checking a serial number against its maker's style. */
export function serialPattern(style: SerialStyle): RegExp {
  const classes: Record<string, string> = { '#': '[0-9]', A: '[A-Z]', X: '[A-Z0-9]', h: '[0-9a-f]' };
  return new RegExp(`^${[...style].map((c) => classes[c] ?? c.replace(/[^A-Za-z0-9]/g, '\\$&')).join('')}$`);
}

/** "Samsung Galaxy S23 (SM-S9110)": how the record and the pages name a model. */
export function modelLabel(model: Pick<CatalogueModel, 'manufacturer' | 'marketName' | 'model'>): string {
  return model.marketName === model.model ? `${model.manufacturer} ${model.model}` : `${model.manufacturer} ${model.marketName} (${model.model})`;
}

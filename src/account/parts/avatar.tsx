/** The user's picture, or the first character of their name on the theme colour. */
export function Avatar({ url, name, size = 56 }: { url?: string; name: string; size?: number }) {
  const style = { width: `${size}px`, height: `${size}px` };
  return url ? (
    <img class="avatar" src={url} alt="" width={size} height={size} style={style} />
  ) : (
    <span class="avatar" style={style} aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}

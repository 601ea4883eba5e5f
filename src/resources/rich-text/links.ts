/** https and mailto only, as the server allows. */
export const isAllowedLink = (href: string) =>
  /^(https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/i.test(href.trim());

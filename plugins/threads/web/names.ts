/** A thread name suggested from its starter message: its first words, without markup, at most 40 characters. */
export function suggestedName(content: string): string {
  const plain = content.replace(/\[[^\]]*\]/g, " ").replace(/\s+/g, " ").trim();
  return plain.length > 40 ? `${plain.slice(0, 39).trimEnd()}…` : plain;
}

/** The pagination block of paged answers: page numbers start at 1, an empty list has 1 page. */
export function describePage(page: number, limit: number, totalItems: number) {
  const totalPages = Math.max(1, Math.ceil(totalItems / limit));
  return {
    currentPage: page,
    totalPages,
    totalItems,
    hasPreviousPage: page > 1,
    hasNextPage: page < totalPages,
  };
}

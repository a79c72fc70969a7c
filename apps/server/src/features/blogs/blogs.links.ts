/** Where the app shows a post and a comment (queue links, notifications). */
export const postLink = (id: number) => `/blogs/${id}`;
export const commentLink = (postId: number, id: number) => `/blogs/${postId}#comment-${id}`;

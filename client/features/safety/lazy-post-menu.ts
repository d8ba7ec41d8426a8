/** The post menu as a lazy entry: the feed page loads it with its lazily loaded post list. */
export { PostMenu } from './post-menu';

/** The part of s3rver 3.7's API the media tests use (the package ships no types). */
declare module "s3rver" {
  type BucketConfig = { name: string; configs: string[] };
  type Options = {
    address: string;
    port: number;
    silent: boolean;
    directory: string;
    configureBuckets: BucketConfig[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

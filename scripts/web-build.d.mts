export declare const WEB_BUILD_LOG: string;
export declare function buildWebApp(options: {
  root: string;
  verbose?: boolean;
  command?: { file: string; args: string[] };
  print?: (line: string) => void;
}): Promise<number>;

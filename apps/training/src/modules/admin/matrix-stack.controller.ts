import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Roles } from '@sports/common';
import {
  MatrixStackDocument,
  MatrixStackImportResponse,
} from '../maturity-models/dto/matrix-stack.dto';
import { MatrixStackService } from '../maturity-models/matrix-stack.service';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

/** Export and import of the matrix stack (platform admins). */
@ApiTags('admin')
@TenantScoped()
@Controller('admin/matrix-stack')
export class MatrixStackController {
  constructor(private readonly stack: MatrixStackService) {}

  @ApiOperation({ operationId: 'exportMatrixStack', summary: 'Export the maturity matrix stack' })
  @Get()
  @Roles('admin')
  @ApiOkResponse({ type: MatrixStackDocument })
  export(): Promise<MatrixStackDocument> {
    return this.stack.export();
  }

  @ApiOperation({ operationId: 'importMatrixStack', summary: 'Import a maturity matrix stack' })
  @ApiErrors('INVALID_MATRIX_STACK', 'UNKNOWN_FORMAT')
  @Post()
  @HttpCode(200)
  @Roles('admin')
  @ApiOkResponse({ type: MatrixStackImportResponse })
  import(@Body() body: MatrixStackDocument): Promise<MatrixStackImportResponse> {
    return this.stack.import(body);
  }
}

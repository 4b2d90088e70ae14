import { ApiProperty, PartialType } from '@nestjs/swagger';
import { PlanContentRequest, PlanContentResponse } from '../../dto/plan-content.dto';
import { SectionRequest, SectionResponse, SectionsField } from '../../dto/plan-sections.dto';

export class CreatePlanTemplateRequest extends PlanContentRequest {
  @SectionsField()
  sections?: SectionRequest[];
}

/** Every field optional; `sections`, when sent, replaces all sections. */
export class UpdatePlanTemplateRequest extends PartialType(CreatePlanTemplateRequest) {}

export class PlanTemplateResponse extends PlanContentResponse {
  @ApiProperty({ type: [SectionResponse] }) sections!: SectionResponse[];
}

export class PlanTemplateListResponse {
  @ApiProperty({ type: [PlanContentResponse] }) items!: PlanContentResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

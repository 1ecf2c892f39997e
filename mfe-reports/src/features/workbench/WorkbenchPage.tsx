import { PageFrame } from '@portal/design-system';
import { Col, Flex, Row } from 'antd';
import { ArticlePanel } from './ArticlePanel';
import { BannerPanel } from './BannerPanel';
import { IndustryPanel } from './IndustryPanel';
import { StatsPanel } from './StatsPanel';

/**
 * /work-bench, the dashboard (spec 000 section 2): the project's indicators, the ad carousel,
 * industries and articles. Each block loads and fails on its own.
 */
export function WorkbenchPage() {
  return (
    <PageFrame title="工作台">
      <Flex vertical gap={16}>
        <StatsPanel />
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Flex vertical gap={16}>
              <BannerPanel />
              <IndustryPanel />
            </Flex>
          </Col>
          <Col xs={24} lg={12}>
            <ArticlePanel />
          </Col>
        </Row>
      </Flex>
    </PageFrame>
  );
}
